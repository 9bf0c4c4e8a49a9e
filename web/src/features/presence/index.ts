/** The presence feature's public surface: code outside features/presence/ imports only this file. */
export { MemberPresence } from './member-presence';
export { announceOnline } from './use-presence';
export { useLeaveSession, useSignOut } from './use-sign-out';
