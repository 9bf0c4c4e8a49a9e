import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ActivitySeries,
  PlatformOverview,
  StatsFilter,
  StatsSort,
  UserStatisticsRow,
} from '../../../../domain';
import { api } from '../../lib/api-client';

/**
 * Cache keys of the platform statistics. They sit under 'admin' so the server's `invalidate`
 * frame with the `admin` key (a registration, an approval) refreshes the figures too.
 */
export const statsKeys = {
  all: ['admin', 'platform-stats'] as const,
  overview: () => ['admin', 'platform-stats', 'overview'] as const,
  users: (filter: StatsFilter, sort: StatsSort) =>
    ['admin', 'platform-stats', 'users', { filter, sort }] as const,
  series: () => ['admin', 'platform-stats', 'series'] as const,
};

export const statsApi = {
  overview: () => api.get<PlatformOverview>('/api/admin/platform-overview'),
  users: (filter: StatsFilter, sort: StatsSort) =>
    api.get<UserStatisticsRow[]>(
      `/api/admin/user-statistics?${new URLSearchParams({ filter, sort })}`,
    ),
  series: () => api.get<ActivitySeries>('/api/admin/activity-series'),
};

// The statistics are read on a visit, not watched: fresh on every visit (staleTime 0), no polling.

/** GET /api/admin/platform-overview. */
export function usePlatformOverview() {
  return useQuery({ queryKey: statsKeys.overview(), queryFn: statsApi.overview, staleTime: 0 });
}

/**
 * GET /api/admin/user-statistics?filter&sort: the server filters and sorts with the domain's
 * rules. The previous rows stay on screen (marked busy) while another order loads.
 */
export function useUserStatistics(filter: StatsFilter, sort: StatsSort) {
  return useQuery({
    queryKey: statsKeys.users(filter, sort),
    queryFn: () => statsApi.users(filter, sort),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/activity-series: what the charts draw. */
export function useActivitySeries() {
  return useQuery({ queryKey: statsKeys.series(), queryFn: statsApi.series, staleTime: 0 });
}
