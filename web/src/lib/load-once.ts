/**
 * A module's loader that asks once and shares the answer: several pages of one module (the admin
 * screens) load it once and render at once after any of them was preloaded, and every toast
 * waits on one load of sonner, in order. A failed load (a flaky link) is not kept: the next
 * caller asks again.
 */
export function loadOnce<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
