import { type SessionUser, sessionQueryKey } from '../features/auth';
import { createQueryClient } from '../lib/query-client';

/**
 * A query client holding a signed-in member's session as GET /api/auth/me leaves it: Vera, an
 * IFM, member 1, neither admin nor demo unless the overrides say so.
 */
export function signedInClient(overrides: Partial<SessionUser> = {}) {
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, {
    id: 1,
    email: 'vera@ba.com',
    name: 'Vera',
    nickname: null,
    isAdmin: false,
    isDemoUser: false,
    role: 'IFM',
    ...overrides,
  });
  return client;
}
