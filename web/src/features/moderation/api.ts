import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AppealInfo,
  AppealListItem,
  appealDecisionResponseSchema,
  appealResponseSchema,
  ModerationAction,
  ModerationQueue,
  moderationDecisionResponseSchema,
  ReportRequest,
  reportResponseSchema,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queue: ['admin', 'moderation', 'queue'] as const,
  appeals: ['admin', 'moderation', 'appeals'] as const,
  appeal: (token: string) => ['appeal', token] as const,
};

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/**
 * Sends a report; with `alsoBlock`, blocks the member as a second call once the report is in
 * (POST /api/users/{id}/block, the block feature's route), so a failed block never loses the report.
 */
export function useReport() {
  return useSingleFlightMutation({
    mutationFn: async ({ alsoBlock, ...input }: ReportRequest & { alsoBlock: boolean }) => {
      const result = await api.post<z.infer<typeof reportResponseSchema>>('/api/reports', input);
      let blocked = false;
      if (alsoBlock) {
        blocked = await api.post(`/api/users/${input.userId}/block`).then(
          () => true,
          () => false,
        );
      }
      return { ...result, alsoBlock, blocked };
    },
    onSuccess: (result) => {
      const blockNote = !result.alsoBlock
        ? undefined
        : result.blocked
          ? 'You have also blocked this member.'
          : 'The member could not be blocked. Please try again from their profile.';
      toast.success('Report sent', blockNote ?? result.message);
    },
    onError: (error) => toast.error('Report not sent', errorText(error)),
  });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: () => api.get<ModerationQueue>('/api/admin/moderation/reports'),
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    flightKey: ({ reportId }: { reportId: number }) => reportId,
    mutationFn: ({
      reportId,
      action,
      reason,
    }: {
      reportId: number;
      action: ModerationAction;
      reason: string;
    }) =>
      api.post<z.infer<typeof moderationDecisionResponseSchema>>(
        `/api/admin/moderation/reports/${reportId}/decision`,
        { action, reason },
      ),
    onSuccess: () => {
      toast.success('Decision saved');
      return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (error) => toast.error('Decision not saved', errorText(error)),
  });
}

export function useAppeals() {
  return useQuery({
    queryKey: moderationKeys.appeals,
    queryFn: () => api.get<{ appeals: AppealListItem[] }>('/api/admin/moderation/appeals'),
  });
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    flightKey: ({ appealId }: { appealId: number }) => appealId,
    mutationFn: ({ appealId, outcome }: { appealId: number; outcome: 'uphold' | 'overturn' }) =>
      api.post<z.infer<typeof appealDecisionResponseSchema>>(
        `/api/admin/moderation/appeals/${appealId}/decision`,
        { outcome },
      ),
    onSuccess: (result) => {
      toast.success(result.status === 'overturned' ? 'Decision overturned' : 'Decision upheld');
      return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
    onError: (error) => toast.error('Appeal not decided', errorText(error)),
  });
}

export function useAppealInfo(token: string) {
  return useQuery({
    queryKey: moderationKeys.appeal(token),
    queryFn: () => api.get<AppealInfo>(`/api/appeals?token=${encodeURIComponent(token)}`),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useSendAppeal() {
  return useSingleFlightMutation({
    mutationFn: (input: { token: string; message: string }) =>
      api.post<z.infer<typeof appealResponseSchema>>('/api/appeals', input),
    onError: (error) => toast.error('Appeal not sent', errorText(error)),
  });
}
