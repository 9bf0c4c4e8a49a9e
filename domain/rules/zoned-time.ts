/**
 * Wall-clock time at a place and the instant it names. Rosters print times local to the airport
 * (a 20:45 departure from JFK is 01:45 GMT the next day), the database stores instants, and the
 * two meet only here. IANA zones through Intl, so daylight-saving rules come from the runtime's
 * tz database rather than a table of offsets we would have to keep.
 */

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone ('Europe/London'); unknown names would throw in Intl. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallParts(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Minutes the zone is ahead of UTC at that instant (London in July: 60; New York in winter: -300). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock at `timeZone` at that instant. */
export function utcToZoned(instant: Date, timeZone: string): WallClock {
  const p = wallParts(instant, timeZone);
  return {
    date: `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
}

/**
 * The instant a wall-clock time names at `timeZone`. Around daylight-saving changes a wall time
 * can name no instant (the skipped hour: read as the same distance past the change, as a clock
 * that was not moved forward would show, 02:30 -> 03:30) or two (the repeated hour: the first,
 * the earlier instant, as timetables do).
 */
export function zonedToUtc(wall: WallClock, timeZone: string): Date {
  const naive = Date.parse(`${wall.date}T${wall.time}:00.000Z`);
  if (Number.isNaN(naive)) throw new RangeError(`Invalid wall clock ${wall.date} ${wall.time}`);
  // The offset at the naive instant, then at the corrected one: two steps settle every zone,
  // and where they disagree the wall time sits in a change's gap or overlap.
  const first = utcOffsetMinutes(new Date(naive), timeZone);
  const guess = naive - first * 60_000;
  const second = utcOffsetMinutes(new Date(guess), timeZone);
  if (second === first) {
    // In an overlap both offsets can be right: prefer the earlier instant.
    const earlierOffset = utcOffsetMinutes(new Date(guess - 60 * 60_000), timeZone);
    if (earlierOffset > first) {
      const earlier = naive - earlierOffset * 60_000;
      if (utcOffsetMinutes(new Date(earlier), timeZone) === earlierOffset) return new Date(earlier);
    }
    return new Date(guess);
  }
  const corrected = naive - second * 60_000;
  if (utcOffsetMinutes(new Date(corrected), timeZone) === second) return new Date(corrected);
  // The skipped hour: keep the offset from before the change, which lands past it.
  return new Date(naive - Math.min(first, second) * 60_000);
}
