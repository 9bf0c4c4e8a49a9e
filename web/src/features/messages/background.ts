import { lazy } from 'react';

/**
 * The chat's background work (outbox-runner.tsx), as a lazy component of its own: mounted on every
 * signed-in screen, it must not bring the chat dialog's code (and its schemas) with it, which a
 * lazy import of this feature's index would.
 */
export const LazyMessagesBackground = lazy(async () => ({
  default: (await import('./outbox-runner')).MessagesBackground,
}));
