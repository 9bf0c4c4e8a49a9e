/** The presence feature's public surface: code outside features/presence/ imports only this file. */
export { MemberPresence } from './member-presence';
export { useLeaveSession, useSignOut } from './use-sign-out';
