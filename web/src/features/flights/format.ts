import { flightTitle, toDate } from '../../../../domain';

/**
 * One formatter per style, made on first use: toLocaleDateString with options builds a new
 * Intl.DateTimeFormat on every call, and a list of flight cards made dozens of them, the
 * largest piece of script time on Home in a phone-speed profile.
 */
const dayFormats = new Map<'short' | 'long', Intl.DateTimeFormat>();

/** A departure day in en-GB, read in UTC (departure days are GMT calendar days). */
export function formatDay(departureDate: string | Date, style: 'short' | 'long' = 'short'): string {
  let format = dayFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: style === 'long' ? 'long' : 'short',
      day: 'numeric',
      month: style === 'long' ? 'long' : 'short',
      year: 'numeric',
    });
    dayFormats.set(style, format);
  }
  const day = toDate(departureDate);
  // As toLocaleDateString: a bad date reads 'Invalid Date' instead of throwing.
  return Number.isNaN(day.getTime()) ? 'Invalid Date' : format.format(day);
}

/** The flight's name and, when its number holds a '(HHMM)' time, 'HH:MM GMT' (domain `flightTitle`). */
export function flightName(flightNumber: string): { name: string; time: string | null } {
  const { number, time } = flightTitle(flightNumber);
  return { name: number, time };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
