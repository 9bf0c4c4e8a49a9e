import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteAccountResponse,
  PasscodeRevealResponse,
  ProfilePictureResponse,
  ProfileSetupRequest,
  SetPasscodeRequest,
  TelegramStatus,
  UpdateContactEmailResponse,
  UpdateProfileRequest,
  User,
  UserAnalytics,
} from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { sessionQueryKey, useSession } from '../auth';
import { flightKeys } from '../flights';

/** Cache keys of the profile screens. */
export const profileKeys = {
  all: ['users', 'me'] as const,
  analytics: ['users', 'me', 'analytics'] as const,
  passcode: ['users', 'me', 'passcode'] as const,
  telegram: ['admin', 'telegram'] as const,
};

/** The signed-in member's own user object, as GET /api/auth/me returns it. */
export function useSelf(): User | null {
  const { data } = useSession();
  return (data as User | null | undefined) ?? null;
}

/** The profile stat cards (GET /api/users/me/analytics), fresh on every visit. */
export function useAnalytics() {
  return useQuery({
    queryKey: profileKeys.analytics,
    queryFn: () => api.get<UserAnalytics>('/api/users/me/analytics'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The member's own PIN, fetched only when they ask to see it, and never kept. */
export function usePasscode(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.passcode,
    queryFn: () => api.get<PasscodeRevealResponse>('/api/users/me/passcode'),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Writes that answer with the updated user put it straight into the session cache. */
function useUserMutation<TBody>(send: (body: TBody) => Promise<User>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: send,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}

/**
 * PUT /api/users/profile. A change of rank refreshes every flight listing (spec flights §4:
 * crew lists and cards show the member's rank), so no screen keeps the old one.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: UpdateProfileRequest) => api.put<User>('/api/users/profile', body),
    onSuccess: (user, body) => {
      queryClient.setQueryData(sessionQueryKey, user);
      if (body.role !== undefined) void queryClient.invalidateQueries({ queryKey: flightKeys.all });
    },
  });
}

/** PATCH /api/users/me (first-time setup). */
export const useProfileSetup = () =>
  useUserMutation((body: ProfileSetupRequest) => api.patch<User>('/api/users/me', body));

/** POST /api/users/me/skip-setup ('Skip for Now', remembered on the server). */
export const useSkipSetup = () => useUserMutation(() => api.post<User>('/api/users/me/skip-setup'));

/** POST /api/admin/update-contact-email. */
export function useUpdateContactEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (contactEmail: string) =>
      api.post<UpdateContactEmailResponse>('/api/admin/update-contact-email', { contactEmail }),
    onSuccess: ({ user }) =>
      queryClient.setQueryData(sessionQueryKey, (old: User | null | undefined) =>
        old ? { ...old, contactEmail: user.contactEmail } : old,
      ),
  });
}

export const accountApi = {
  deleteAccount: () => api.post<DeleteAccountResponse>('/api/auth/delete-account'),
  logoutAll: () => api.post<{ success: boolean }>('/api/auth/logout-all'),
  setPasscode: (body: SetPasscodeRequest) =>
    api.post<{ success: boolean }>('/api/auth/set-passcode', body),
};

/**
 * POST /api/auth/logout-all: every device, this one included. `onSuccess` is the mutation's
 * own, not mutate()'s: the server also ends this tab's socket, the session query then reads
 * signed-out and the screen that asked unmounts, which would silently drop a mutate() callback.
 */
export function useLogoutAll(onSuccess?: () => void) {
  return useSingleFlightMutation({ mutationFn: accountApi.logoutAll, onSuccess });
}

/**
 * POST /api/auth/delete-account: access ends at once. `onSuccess` is the mutation's own, for the
 * reason useLogoutAll gives: the ended session unmounts the screen that asked.
 */
export function useDeleteAccount(
  onSuccess?: (result: Awaited<ReturnType<typeof accountApi.deleteAccount>>) => void,
) {
  return useSingleFlightMutation({ mutationFn: accountApi.deleteAccount, onSuccess });
}

/** POST /api/auth/set-passcode with the current PIN; a revealed PIN is fetched again. */
export function useChangePasscode() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: accountApi.setPasscode,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileKeys.passcode }),
  });
}

/**
 * PUT /api/users/me/profile-picture (admins). The answer is only the picture's URL: the session
 * is fetched again (GET /api/auth/me) so every avatar of the admin follows, as the spec says.
 */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (profilePictureUrl: string) =>
      api.put<ProfilePictureResponse>('/api/users/me/profile-picture', { profilePictureUrl }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** GET /api/admin/telegram: whether new registrations go to Telegram, and the bot to open. */
export function useTelegramStatus() {
  return useQuery({
    queryKey: profileKeys.telegram,
    queryFn: () => api.get<TelegramStatus>('/api/admin/telegram'),
    staleTime: 5 * 60_000,
  });
}
