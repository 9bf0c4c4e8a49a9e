import { PROFILE_RANKS, type User } from '../../../../domain';

/**
 * The edit-profile rank list, plus the member's current rank when it is one of the registration
 * roles (IFM, Main Crew) so it is never silently lost, plus 'Admin' for administrators.
 */
export function rankOptions(user: Pick<User, 'role' | 'isAdmin'>): string[] {
  const options: string[] = [...PROFILE_RANKS];
  if (user.role && !options.includes(user.role)) options.unshift(user.role);
  if (user.isAdmin && !options.includes('Admin')) options.push('Admin');
  return options;
}
