import { type ComponentType, lazy } from 'react';

/** A page loaded on first use, from a module that exports it by name. */
export type LazyPage = ComponentType & {
  /** Starts loading the page's code (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
};

export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  const Page = lazy(async () => ({ default: (await once())[name] as ComponentType<object> }));
  return Object.assign(() => <Page />, { preload: once });
}
