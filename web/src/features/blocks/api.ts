import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMembersResponse } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';

export const blockKeys = { list: ['blocks', 'list'] as const };

export const blocksApi = {
  list: () => api.get<BlockedMembersResponse>('/api/users/blocked'),
  block: (userId: number) => api.post<{ success: boolean }>(`/api/users/${userId}/block`),
  unblock: (userId: number) => api.delete<{ success: boolean }>(`/api/users/${userId}/block`),
};

export function useBlockedMembers() {
  return useQuery({ queryKey: blockKeys.list, queryFn: blocksApi.list });
}

const failed = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/**
 * Block or unblock. Either changes crew lists, counts, waves and chats at once, so every cached
 * query is refetched rather than patched piece by piece.
 */
export function useBlockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blocksApi.block,
    onSuccess: () => {
      toast.success('Member blocked');
      void client.invalidateQueries();
    },
    onError: (error) => toast.error('Failed to block member', failed(error)),
  });
}

export function useUnblockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blocksApi.unblock,
    onSuccess: () => {
      toast.success('Member unblocked');
      void client.invalidateQueries();
    },
    onError: (error) => toast.error('Failed to unblock member', failed(error)),
  });
}
