import { configure } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain';

// Files share a worker (vitest.config.ts: isolate false), but each starts from fresh source
// modules: the app's singletons (the realtime client, the outbox, presence, polling) begin
// anew, as on a page load. What stays shared is the transformed code and the packages Node
// itself loaded (React, jsdom's setup), which hold nothing a test changes.
vi.resetModules();

// findBy and waitFor wait for their element; 1 s (the default) is a cap that a busy 2-core box
// passes (six screen tests failed at it beside a server suite, and pass alone in 0.2 s).
configure({ asyncUtilTimeout: 5000 });

// Sonner keeps its toasts in one module-wide list, and a package is not reset with the source
// modules: a toast an earlier test or file asked for, with or without a Toaster on its page,
// would be handed to the next Toaster. Each test starts with none (imported here, after the
// reset above, so it is this file's toast module).
beforeEach(async () => {
  const { dismissToasts } = await import('./toasts');
  await dismissToasts();
});

// The stub server stands in for a server that set a session: the browser then holds the
// readable hint cookie beside it, so the session query asks GET /api/auth/me as in production.
// biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
