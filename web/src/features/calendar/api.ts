import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

/** Cache keys of the calendar feed. */
export const calendarKeys = {
  status: ['users', 'me', 'calendar'] as const,
};

/** GET /api/user/calendar: whether the member has a feed address. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKeys.status,
    queryFn: () => api.get<CalendarFeedStatus>('/api/user/calendar'),
  });
}

/** POST /api/user/calendar: a new address, shown once; the old one stops working. */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/api/user/calendar'),
    onSuccess: (created) =>
      client.setQueryData<CalendarFeedStatus>(calendarKeys.status, {
        enabled: true,
        createdAt: created.createdAt,
      }),
  });
}

/** DELETE /api/user/calendar: the address stops working. */
export function useTurnOffCalendarFeed() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api.delete<{ success: boolean }>('/api/user/calendar'),
    onSuccess: () =>
      client.setQueryData<CalendarFeedStatus>(calendarKeys.status, {
        enabled: false,
        createdAt: null,
      }),
  });
}
