import { flightTitle, utcDayLabel } from '../../../../domain';

/** A departure day in en-GB, read in UTC (departure days are GMT calendar days). */
export function formatDay(departureDate: string | Date, style: 'short' | 'long' = 'short'): string {
  return utcDayLabel(departureDate, style);
}

/** The flight's name and, when its number holds a '(HHMM)' time, 'HH:MM GMT' (domain `flightTitle`). */
export function flightName(flightNumber: string): { name: string; time: string | null } {
  const { number, time } = flightTitle(flightNumber);
  return { name: number, time };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
