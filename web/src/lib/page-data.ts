import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** A route's parameters, as the router matched them. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * What a screen shows first, fetched into the cache beside the screen's code when the app opens
 * on it (app/routes.tsx `preloadRoute`), so the first render builds the screen with its data
 * instead of skeletons that are replaced a moment later. Never rejects: a read that failed is
 * asked for again by the screen's own query as it mounts.
 */
export type PageData = (client: QueryClient, params: RouteParams) => Promise<unknown>;

/**
 * The cache entry filled once, without the screen's retries: the boot waits for this, and a
 * failure is retried by the screen as it mounts (a query in error refetches on mount).
 */
export function prefetch<Data, Key extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> {
  return client.prefetchQuery({ ...options, retry: false });
}
