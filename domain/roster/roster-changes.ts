/**
 * Re-importing a roster (issue 41, item 5): what the roster says against the flights the member
 * already has on the days it covers. A flight of theirs the roster no longer lists is offered for
 * removal; one it lists at another time is shown as changed. Nothing here decides for other crew:
 * a changed time is reported, never written to the shared flight.
 */

export interface RosterSide {
  /** flightKey of the roster row (number, origin, local day: a row to another destination is the same flight). */
  key: string;
  /** The departure day local to the origin, 'YYYY-MM-DD' (the day the key names). */
  day: string;
  /** 'HH:MM' GMT when the roster gives a time. */
  gmtTime: string | null;
}

export interface MemberFlight {
  flightId: number;
  key: string;
  /** The departure day local to the origin, as the key names it. */
  day: string;
  /** 'HH:MM' GMT when the flight has a time. */
  gmtTime: string | null;
  /** The departure instant (end of the UTC day without a time). */
  departureAt: Date;
}

export interface RosterChanges {
  /** The days the roster covers, first and last; null for a roster with no flights. */
  range: { from: string; to: string } | null;
  /** Flights the member has on those days, at a time the roster does not give. */
  changed: { flightId: number; yours: string; roster: string }[];
  /** Flights the member has on those days that the roster no longer lists, not yet departed. */
  removed: number[];
}

export function rosterChanges(
  roster: readonly RosterSide[],
  mine: readonly MemberFlight[],
  now: Date,
): RosterChanges {
  if (roster.length === 0) return { range: null, changed: [], removed: [] };
  const days = roster.map((row) => row.day).sort();
  const range = { from: days[0] as string, to: days[days.length - 1] as string };
  const byKey = new Map(roster.map((row) => [row.key, row]));
  const changed: RosterChanges['changed'] = [];
  const removed: number[] = [];
  for (const flight of mine) {
    if (flight.day < range.from || flight.day > range.to) continue;
    const listed = byKey.get(flight.key);
    if (listed) {
      if (listed.gmtTime && flight.gmtTime && listed.gmtTime !== flight.gmtTime) {
        changed.push({ flightId: flight.flightId, yours: flight.gmtTime, roster: listed.gmtTime });
      }
      continue;
    }
    // A flight already flown stays: it is history, and its chat has closed on its own.
    if (flight.departureAt.getTime() > now.getTime()) removed.push(flight.flightId);
  }
  return { range, changed, removed };
}
