/** The crew feature's public surface: code outside features/crew/ imports only this file. */

export type { CrewEntryValues } from './crew-entry-dialog';
export { CrewEntryDialog } from './crew-entry-dialog';
export { CrewMemberCard } from './crew-member-card';
export { RemoveCrewDialog } from './remove-crew-dialog';
