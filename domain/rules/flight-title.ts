import { departureTimeOf, flightNumberBase } from './time';

/** How a flight is named on screen: its number, and its departure time as a separate chip. */
export interface FlightTitle {
  /** 'BA117': the stored number without its bracketed time. */
  number: string;
  /** '15:30 GMT' when the number carries a valid '(HHMM)' time, else null. */
  time: string | null;
  /** Both in one line for sentences and accessible names: 'BA117 15:30 GMT' (or 'BA117'). */
  text: string;
}

/**
 * 'BA117 (1530)' -> { number: 'BA117', time: '15:30 GMT', text: 'BA117 15:30 GMT' }. The
 * stored '(1530)' is a storage detail (the spec keeps the time inside the number): people
 * read '15:30 GMT', so no screen shows the bracketed form.
 */
export function flightTitle(flightNumber: string): FlightTitle {
  const number = flightNumberBase(flightNumber);
  const hhmm = departureTimeOf(flightNumber);
  const time = hhmm ? `${hhmm} GMT` : null;
  return { number, time, text: time ? `${number} ${time}` : number };
}
