import { type ComponentType, lazy } from 'react';
import { loadOnce } from '../lib/load-once';

/** A page whose code loads on first use, or earlier when asked to (`preload`). */
export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  /**
   * Starts loading the page's code, once; resolves when it is in. A first render inside a
   * transition then shows the page without its fallback (React retries a moment later rather
   * than committing the fallback), which is how the boot renders (boot.tsx). Every use of a
   * page goes through its one LazyPage (screens.ts): a second `lazy()` of the same module would
   * suspend again, on a loader's promise that resolves a task later, and show its fallback.
   */
  preload: () => Promise<unknown>;
};

/** A page loaded on first use, from a module that exports it by name. */
export function lazyPage<Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyPage<Props> {
  const once = loadOnce(load);
  const Page = lazy<ComponentType<Props>>(async () => ({ default: (await once())[name] }));
  return Object.assign((props: Props) => <Page {...props} />, { preload: once });
}
