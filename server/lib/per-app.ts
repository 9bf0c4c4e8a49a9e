/**
 * A value kept once per app, made on first use. Tests build many apps in one process, so
 * module-level singletons would leak state between them; keyed by the app's deps they do not.
 */
export function perApp<T>(create: () => T): (deps: object) => T {
  const made = new WeakMap<object, T>();
  return (deps) => {
    let value = made.get(deps);
    if (value === undefined) {
      value = create();
      made.set(deps, value);
    }
    return value;
  };
}
