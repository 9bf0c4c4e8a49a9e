/** The messages feature's public surface: code outside features/messages/ imports only this file. */

export {
  newClientId,
  type OutgoingMessage,
  SEND_RETRIES,
  SEND_RETRY_BASE_MS,
  sendMessage,
} from './api';
export { LazyMessagesBackground } from './background';
export { ChatDialog } from './chat-dialog';
export { loadChatDialog } from './load-chat-dialog';
