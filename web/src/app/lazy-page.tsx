import { type ComponentType, lazy } from 'react';

/** A page whose code loads on first use, or earlier when asked to (`preload`). */
export type LazyPage = ComponentType & {
  /**
   * Starts loading the page's code, once; resolves when it is in. A first render inside a
   * transition then shows the page without its fallback (React retries a moment later rather
   * than committing the fallback), which is how the boot renders (main.tsx).
   */
  preload: () => Promise<unknown>;
};

/** A page loaded on first use, from a module that exports it by name. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  const once = () => {
    // A failed load (a flaky link) is not kept: the next render or preload asks again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Page = lazy(async () => ({ default: (await once())[name] as ComponentType<object> }));
  return Object.assign(() => <Page />, { preload: once });
}
