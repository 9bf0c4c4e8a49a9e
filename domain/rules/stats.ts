import type { StatsFilter, StatsSort } from '../constants';

export interface ActivityCounts {
  flights: number;
  wavesSent: number;
  wavesReceived: number;
}

/** A wave involves two people, so each side earns half a point per wave. */
export function activityScore({ flights, wavesSent, wavesReceived }: ActivityCounts): number {
  return flights + Math.floor((wavesSent + wavesReceived) / 2);
}

/** The profile's "live connections" card: every live wave the member is part of. */
export function liveConnections({ wavesSent, wavesReceived }: ActivityCounts): number {
  return wavesSent + wavesReceived;
}

export interface StatsRow {
  name: string | null;
  isOnline: boolean;
  subscriptionStatus: string | null;
  flightCount: number;
  wavesSent: number;
  wavesReceived: number;
}

export function matchesStatsFilter(row: StatsRow, filter: StatsFilter): boolean {
  if (filter === 'online') return row.isOnline;
  if (filter === 'active') return row.subscriptionStatus === 'active';
  return true;
}

const countsOf = (row: StatsRow): ActivityCounts => ({
  flights: row.flightCount,
  wavesSent: row.wavesSent,
  wavesReceived: row.wavesReceived,
});

/** Numeric sorts put the busiest first; name sorts alphabetically. */
export function compareStatsRows(sort: StatsSort) {
  return (a: StatsRow, b: StatsRow): number => {
    switch (sort) {
      case 'name':
        return (a.name ?? '').localeCompare(b.name ?? '');
      case 'flights':
        return b.flightCount - a.flightCount;
      case 'waves':
        return liveConnections(countsOf(b)) - liveConnections(countsOf(a));
      default:
        return activityScore(countsOf(b)) - activityScore(countsOf(a));
    }
  };
}

/** Online = an open socket, or a heartbeat within the last 90 s (API-CONVENTIONS). */
export const ONLINE_WINDOW_MS = 90_000;

export function isRecentHeartbeat(lastHeartbeatAt: Date | string | null, now: Date): boolean {
  return (
    lastHeartbeatAt !== null &&
    new Date(lastHeartbeatAt).getTime() > now.getTime() - ONLINE_WINDOW_MS
  );
}
