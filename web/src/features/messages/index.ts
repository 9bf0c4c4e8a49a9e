/** The messages feature's public surface: code outside features/messages/ imports only this file. */
export { ChatDialog } from './chat-dialog';
export { MessagesBackground } from './outbox-runner';
