import { QueryClient } from '@tanstack/react-query';

/** The spec's default query policy: no retry, no refetch on focus, never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}
