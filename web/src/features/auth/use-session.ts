// The session hook lives in the auth feature's api.ts with every other query; this module keeps
// the path features/realtime imports from until that folder is rewritten.
export { type SessionUser, sessionQueryKey, useSession } from './api';
