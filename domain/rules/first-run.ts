/**
 * Getting in: where a member goes after signing in. A `next` path comes from the address bar
 * (a link opened while signed out), so it is hostile until proven a same-origin relative path.
 */

/** Paths a signed-in member is never sent back to: they would only bounce to /home. */
const SIGN_IN_PATHS = new Set(['/', '/login', '/passcode', '/register']);

/**
 * The path to return to after sign-in, or null to go to the default. Only a relative path of
 * this site is honoured: it starts with one '/', and carries no backslash, whitespace or control
 * character (browsers turn '\' into '/' and drop tabs and newlines, so '/\evil.example' and
 * '/\t/evil.example' would both become '//evil.example', another host).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  const pathname = raw.split(/[?#]/, 1)[0]!;
  if (SIGN_IN_PATHS.has(pathname)) return null;
  return raw;
}

/** What the first-sign-in rule reads from a user. */
export type SetupCandidate = {
  nickname: string | null;
  role: string | null;
  isAdmin: boolean;
  isDemoUser: boolean;
  profileSetupDoneAt: Date | string | null;
};

/**
 * A member is taken to /profile-setup after signing in while their profile lacks a nickname or
 * a rank (what the profile's welcome notice asks for) and they have neither saved nor skipped
 * the setup. Admins (created by the server, not by registering) and the shared demo accounts
 * are never sent there.
 */
export function needsProfileSetup(user: SetupCandidate): boolean {
  if (user.isAdmin || user.isDemoUser || user.profileSetupDoneAt) return false;
  return !user.nickname || !user.role;
}
