import type { AppDeps } from '../../deps';
import { homeListCache } from './home-cache';
import { loadListFlight } from './queries';

/**
 * What a committed write to flights or crew does to the home list: this instance patches its
 * list at once (awaited, so the writer's next read shows it), and every instance drops its
 * copy of which flights the members concerned are on (the bus `crew` event), so none answers
 * them from a joined set the write changed.
 */
export function homeListWrites(deps: Pick<AppDeps, 'database' | 'clock' | 'realtime'>) {
  const cache = homeListCache(deps);
  const announce = (userIds: number[]) => {
    if (userIds.length > 0) deps.realtime.publish({ e: 'crew', userIds });
  };
  return {
    /** One flight changed; `userIds`: members who joined or left it. */
    async flightChanged(flightId: number, userIds: number[] = []) {
      await cache.flightChanged(
        flightId,
        () => loadListFlight(deps.database.db, deps.clock.now(), flightId),
        userIds,
      );
      announce(userIds);
    },
    /** Many flights changed (a roster): the list is rebuilt; `userIds` joined some of them. */
    manyChanged(userIds: number[]) {
      cache.invalidate();
      announce(userIds);
    },
    /** Members left every flight (their data was removed); the counts follow with the list. */
    membersLeftAll(userIds: number[]) {
      cache.forgetJoined(userIds);
      announce(userIds);
    },
  };
}
