/** What other modules (moderation, flights, waves) use of blocks. */

export { createHiddenMembersCache, type HiddenMembersCache } from './hidden-cache';
export {
  type BlockFlag,
  blockFlagsFor,
  hiddenCrewByFlight,
  hiddenMembersFor,
  isBlockedPair,
  lockPair,
  withoutHidden,
} from './queries';
export { blocksRoutes } from './routes';
export { type BlocksService, createBlocksService } from './service';
