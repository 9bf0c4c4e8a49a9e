import { DAY_MS, type StatsFilter, type StatsSort } from '../constants';

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

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** The last `days` UTC days up to and including today, oldest first ('YYYY-MM-DD'). */
export function seriesDays(now: Date, days: number): string[] {
  const today = startOfUtcDay(now).getTime();
  return Array.from({ length: days }, (_, i) => isoDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** The Mondays (UTC) of the last `weeks` ISO weeks up to and including this one, oldest first. */
export function seriesWeekStarts(now: Date, weeks: number): string[] {
  const today = startOfUtcDay(now);
  // getUTCDay: Sunday 0 … Saturday 6; an ISO week starts on Monday.
  const monday = today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, i) =>
    isoDay(new Date(monday - (weeks - 1 - i) * 7 * DAY_MS)),
  );
}

/** Every period of `periods` with its count from `counted`, 0 where nothing happened. */
export function fillSeries(periods: string[], counted: { period: string; count: number }[]) {
  const byPeriod = new Map(counted.map((c) => [c.period, c.count]));
  return periods.map((period) => ({ period, count: byPeriod.get(period) ?? 0 }));
}
