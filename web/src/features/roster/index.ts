/** The roster feature's public surface: code outside features/roster/ imports only this file. */
export { RosterUpload } from './roster-upload';
