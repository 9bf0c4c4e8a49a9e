/** The blocks feature's public surface: code outside features/blocks/ imports only this file. */

export { blockKeys, useBlockedMembers, useBlockMember, useUnblockMember } from './api';
export { BlockMemberButton } from './block-member-button';
export { BlockedMembersList } from './blocked-members-list';
