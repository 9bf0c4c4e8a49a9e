import { type ComponentType, lazy } from 'react';

/** A page loaded on first use, from a module that exports it by name. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  return () => <Page />;
}
