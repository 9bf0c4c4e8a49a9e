/**
 * A value kept once per app, made on first use. Tests build many apps in one process, so
 * module-level singletons would leak state between them; keyed by the app's deps they do not.
 */
export function perApp<T, D extends object = object>(create: (deps: D) => T): (deps: D) => T {
  const made = new WeakMap<D, T>();
  return (deps) => {
    let value = made.get(deps);
    if (value === undefined) {
      value = create(deps);
      made.set(deps, value);
    }
    return value;
  };
}
