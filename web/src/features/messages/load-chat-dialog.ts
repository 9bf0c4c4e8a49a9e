import { loadOnce } from '../../lib/load-once';

/**
 * The chat dialog's code, for a screen that opens it on a tap (Messages): its list of
 * conversations shows before the chat's code and schemas are parsed. Use with `useOnDemand`.
 */
export const loadChatDialog = loadOnce(() => import('./chat-dialog'));
