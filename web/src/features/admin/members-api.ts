import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AdminUser,
  type AdminUsersQuery,
  adminActionResponseSchema,
  adminUpdatePasscodeResponseSchema,
  adminUserFlightsResponseSchema,
  adminUsersPageSchema,
  type CreateUserRequest,
  type createUserRequestSchema,
  createUserResponseSchema,
  deletePastFlightsResponseSchema,
  type PastFlightsCounts,
  pastFlightsPreviewSchema,
  removeDataResponseSchema,
  resetOnlineResponseSchema,
  revealPasscodeResponseSchema,
  signOutAllResponseSchema,
  toggleAdminResponseSchema,
  updateEmailResponseSchema,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { adminKeys } from './api';

// Apart from api.ts (the approvals, the header's pending count, the audit trail): these parse
// answers with the shared schemas, and the home screen's purple badge must not construct them.

// ---- Member management (accounts spec §2 Admin dashboard, §7). Every answer is parsed with the
// shared schema, so a server that drifts from the contract fails loudly here, not in a render.

async function parsed<S extends z.ZodType>(schema: S, call: Promise<unknown>): Promise<z.infer<S>> {
  return schema.parse(await call);
}

export const membersApi = {
  page: ({ q, membership, page }: Required<AdminUsersQuery>) => {
    const params = new URLSearchParams({ q, membership, page: String(page) });
    return parsed(adminUsersPageSchema, api.get(`/api/admin/users?${params}`));
  },
  updatePasscode: ({ id, passcode }: { id: number; passcode: string }) =>
    parsed(
      adminUpdatePasscodeResponseSchema,
      api.post(`/api/users/${id}/update-passcode`, { passcode }),
    ),
  revealPasscode: (id: number) =>
    parsed(revealPasscodeResponseSchema, api.post(`/api/admin/users/${id}/reveal-passcode`)),
  updateEmail: ({ id, email }: { id: number; email: string }) =>
    parsed(updateEmailResponseSchema, api.post(`/api/admin/users/${id}/update-email`, { email })),
  signOutAll: (id: number) =>
    parsed(signOutAllResponseSchema, api.post(`/api/admin/users/${id}/sign-out-all`)),
  removeData: (id: number) =>
    parsed(removeDataResponseSchema, api.post(`/api/users/${id}/remove-data`)),
  userFlights: (id: number) =>
    parsed(adminUserFlightsResponseSchema, api.get(`/api/admin/user-flights/${id}`)),
  create: (body: z.output<typeof createUserRequestSchema>) =>
    parsed(createUserResponseSchema, api.post('/api/admin/users/create', body)),
  toggleAdmin: ({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
    parsed(toggleAdminResponseSchema, api.post(`/api/users/${id}/toggle-admin`, { isAdmin })),
  remove: (id: number) => parsed(adminActionResponseSchema, api.delete(`/api/admin/users/${id}`)),
  restore: (id: number) =>
    parsed(adminActionResponseSchema, api.post(`/api/admin/restore-account/${id}`)),
  resetOnline: () => parsed(resetOnlineResponseSchema, api.post('/api/admin/reset-online-status')),
  pastFlights: () => parsed(pastFlightsPreviewSchema, api.get('/api/admin/past-flights')),
  deletePastFlights: () =>
    parsed(deletePastFlightsResponseSchema, api.post('/api/admin/delete-past-flights')),
};

/** GET /api/admin/users: one page of the member table; the previous page stays while the next loads. */
export function useMembers(query: Required<AdminUsersQuery>) {
  return useQuery({
    queryKey: adminKeys.memberPage(query),
    queryFn: () => membersApi.page(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/user-flights/{id}: the flights and details dialogs share one answer. */
export function useUserFlights(id: number | null) {
  return useQuery({
    queryKey: adminKeys.userFlights(id ?? 0),
    queryFn: () => membersApi.userFlights(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /api/admin/past-flights: asked afresh each time the confirmation opens. */
export function usePastFlightsPreview(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.pastFlights,
    queryFn: membersApi.pastFlights,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** The server's message when it sent one, else the spec's default for that failure. */
const failure = (title: string, fallback: string) => (error: Error) =>
  toast.error(title, error.message || fallback);

export function useUpdateMemberPasscode() {
  return useSingleFlightMutation({
    mutationFn: membersApi.updatePasscode,
    onSuccess: (data) =>
      data.forcedPin
        ? toast.success('Demo User PIN Set', data.message)
        : toast.success('Passcode updated', 'The member has been notified by e-mail.'),
    onError: failure('Update failed', 'Failed to update passcode'),
  });
}

export function useRevealPasscode() {
  return useSingleFlightMutation({
    mutationFn: membersApi.revealPasscode,
    onError: failure('Reveal failed', 'Failed to reveal the PIN'),
  });
}

export function useUpdateMemberEmail() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.updateEmail,
    onSuccess: (data) => {
      toast.success('Email Updated', `${data.oldEmail} is now ${data.newEmail}.`);
      refresh();
    },
    onError: failure('Update failed', 'Failed to update email'),
  });
}

export function useSignOutAll() {
  return useSingleFlightMutation({
    mutationFn: membersApi.signOutAll,
    onSuccess: (data) =>
      toast.success(
        'Signed out everywhere',
        `${data.sessionsEnded} ${data.sessionsEnded === 1 ? 'session' : 'sessions'} ended.`,
      ),
    onError: failure('Sign-out failed', 'Failed to sign out sessions'),
  });
}

export function useRemoveUserData() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.removeData,
    onSuccess: ({ stats }) => {
      toast.success(
        'User data removed',
        `${stats.wavesRemoved} waves, ${stats.messagesRemoved} messages and ${stats.flightMembershipsRemoved} flight memberships removed.`,
      );
      refresh();
    },
    onError: failure('Data removal failed', 'Failed to remove user data'),
  });
}

export function useCreateUser() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.create,
    onSuccess: (data, body) => {
      toast.success(
        'User created successfully',
        `${data.user.email} can sign in with PIN ${body.passcode}; it has been e-mailed to them.`,
      );
      refresh();
    },
    onError: failure('Failed to create user', 'Failed to create user'),
  });
}

export function useToggleAdmin() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.toggleAdmin,
    onSuccess: (data) => {
      toast.success(data.isAdmin ? 'Admin granted' : 'Admin revoked', data.message);
      refresh();
    },
    onError: failure('Update failed', 'Failed to update admin status'),
  });
}

export function useDeleteUser() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: (user: AdminUser) => membersApi.remove(user.id),
    onSuccess: (_data, user) => {
      toast.success('User Deleted', `${user.email} has been permanently deleted.`);
      refresh();
    },
    onError: failure('Deletion Failed', 'Failed to delete user'),
  });
}

export function useRestoreAccount() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: (user: AdminUser) => membersApi.restore(user.id),
    onSuccess: (data) => {
      toast.success('Account Restored', data.message);
      refresh();
    },
    onError: failure('Restore Failed', 'Failed to restore account'),
  });
}

export function useResetOnlineStatus() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.resetOnline,
    onSuccess: (data) => {
      toast.success('Online status reset', `${data.usersReset} members set offline.`);
      refresh();
    },
    onError: failure('Reset failed', 'Failed to reset online status'),
  });
}

/** 'n flights, n crew entries, n waves and n messages': what the confirmation and toast name. */
export function describePastFlights(c: PastFlightsCounts): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${n(c.flights, 'flight', 'flights')}, ${n(c.crewEntries, 'crew entry', 'crew entries')}, ${n(c.waves, 'wave', 'waves')} and ${n(c.messages, 'message', 'messages')}`;
}

export function useDeletePastFlights() {
  const refresh = useRefreshMembers();
  return useSingleFlightMutation({
    mutationFn: membersApi.deletePastFlights,
    onSuccess: (data) => {
      toast.success('Past flights deleted', `${describePastFlights(data.removed)} removed.`);
      refresh();
    },
    onError: failure('Deletion Failed', 'Failed to delete past flights'),
  });
}

export type { AdminUser, CreateUserRequest };
