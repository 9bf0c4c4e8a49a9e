// The session hook lives in the auth feature's session.ts; this module keeps the path
// features/realtime's tests import from.
export { type SessionUser, sessionQueryKey, useSession } from './session';
