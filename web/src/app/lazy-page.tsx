import { type ComponentType, lazy } from 'react';
import { loadOnce } from '../lib/load-once';
import type { PageData } from '../lib/page-data';

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
  /**
   * Loads the page's code, then what the page shows first (its component's `preloadData`, when
   * it has one); resolves when both are in. Only the boot asks for it (routes.tsx).
   */
  preloadData: PageData;
};

/** A page component; `preloadData` names the reads its first render shows (lib/page-data.ts). */
type PageComponent<Props extends object> = ComponentType<Props> & { preloadData?: PageData };

/** A page loaded on first use, from a module that exports it by name. */
export function lazyPage<Name extends string, Props extends object = object>(
  load: () => Promise<Record<Name, PageComponent<Props>>>,
  name: Name,
): LazyPage<Props> {
  const once = loadOnce(load);
  const Page = lazy<ComponentType<Props>>(async () => ({ default: (await once())[name] }));
  const preloadData: PageData = async (client, params) =>
    (await once())[name].preloadData?.(client, params);
  return Object.assign((props: Props) => <Page {...props} />, { preload: once, preloadData });
}
