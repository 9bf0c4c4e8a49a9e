/** The realtime feature's public surface: code outside features/realtime/ imports only this file. */
export { addMessage } from './cache-sync';
export { connectedRealtimeClient, onRealtimeResumed, sendRealtimeHeartbeat } from './connection';
export { RequestError } from './realtime-client';
export { RealtimeConnection } from './realtime-connection';
