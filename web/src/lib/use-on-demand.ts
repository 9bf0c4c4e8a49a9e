import { useEffect, useRef, useState } from 'react';

/** Modules already in, by their loader: a later mount renders them at once. */
const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A module loaded the first time it is wanted (a dialog's code when it opens), so the screen that
 * offers it does not parse it up front. Null until it is in; a failed load (a flaky link) calls
 * `onError` and is asked for again the next time it is wanted. `load` should come from `loadOnce`
 * and live at module level, so every user of the module shares one load.
 */
export function useOnDemand<Module>(
  load: () => Promise<Module>,
  wanted: boolean,
  onError: () => void,
): Module | null {
  const [module, setModule] = useState<Module | null>(
    () => (loaded.get(load) as Module | undefined) ?? null,
  );
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    load().then(
      (value) => {
        loaded.set(load, value);
        if (current) setModule(() => value);
      },
      () => {
        if (current) failed.current();
      },
    );
    return () => {
      current = false;
    };
  }, [load, wanted, module]);
  return module;
}
