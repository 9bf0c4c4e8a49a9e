import { SIGNED_IN_HINT_COOKIE } from '../../../domain';

// The stub server stands in for a server that set a session: the browser then holds the
// readable hint cookie beside it, so the session query asks GET /api/auth/me as in production.
// biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
