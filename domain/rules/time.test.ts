import { describe, expect, it } from 'vitest';
import {
  closedChatLabel,
  compareFlights,
  dateFilterDays,
  daysUntilDeparture,
  departureInstant,
  departureTimeLabel,
  departureTimeOf,
  detailStatusLine,
  flightNumberBase,
  flightNumberWithTime,
  formatCountdown,
  gmtClock,
  homeCardStatus,
  isChatClosed,
  isDeparted,
  myFlightBadge,
  relativeDayLabel,
  utcDayLabel,
} from './time';

const now = new Date('2025-03-10T12:00:00.000Z');
const flight = (flightNumber: string, day: string) => ({
  flightNumber,
  departureDate: `${day}T00:00:00.000Z`,
});

describe('flight number and time', () => {
  it.each([
    ['BA117 (1530)', '15:30'],
    ['BA117(0005)', '00:05'],
    ['BA117', null],
    ['BA117 (2400)', null],
    ['BA117 (1260)', null],
    ['BA117 (930)', null],
  ])('departureTimeOf(%s) = %s', (number, time) => {
    expect(departureTimeOf(number)).toBe(time);
  });

  it.each([
    ['BA117', '15:30', 'BA117 (1530)', '15:30'],
    ['BA117', '1530', 'BA117 (1530)', '15:30'],
    ['BA117', null, 'BA117', null],
    ['BA117 (0900)', '15:30', 'BA117 (1530)', '15:30'],
    ['BA117 (0900)', null, 'BA117', null],
  ])('flightNumberWithTime(%s, %s) = %s', (number, time, expected, readBack) => {
    expect(flightNumberWithTime(number, time)).toBe(expected);
    expect(departureTimeOf(expected)).toBe(readBack);
  });

  it('strips the time for the base number', () => {
    expect(flightNumberBase('BA117 (1530)')).toBe('BA117');
  });
});

describe('departure instant, departed and chat closed', () => {
  it('uses the bracketed GMT time on the departure day', () => {
    expect(departureInstant(flight('BA1 (1530)', '2025-03-10')).toISOString()).toBe(
      '2025-03-10T15:30:00.000Z',
    );
  });

  it('runs to 23:59:59 UTC without a time', () => {
    expect(departureInstant(flight('BA1', '2025-03-10')).toISOString()).toBe(
      '2025-03-10T23:59:59.000Z',
    );
  });

  it('reads the calendar day of a Date or a date-time string', () => {
    const asDate = { flightNumber: 'BA1 (0100)', departureDate: new Date('2025-03-10T00:00:00Z') };
    expect(departureInstant(asDate).toISOString()).toBe('2025-03-10T01:00:00.000Z');
  });

  it.each([
    ['past day', flight('BA1', '2025-03-09'), now, true],
    ['future day', flight('BA1 (0001)', '2025-03-11'), now, false],
    ['today, time passed', flight('BA1 (1159)', '2025-03-10'), now, true],
    ['today, time now', flight('BA1 (1200)', '2025-03-10'), now, false],
    [
      'today, a second after the time',
      flight('BA1 (1200)', '2025-03-10'),
      new Date('2025-03-10T12:00:01Z'),
      true,
    ],
    ['today, time to come', flight('BA1 (1201)', '2025-03-10'), now, false],
    ['today, no time', flight('BA1', '2025-03-10'), now, false],
    [
      'today, no time, last second',
      flight('BA1', '2025-03-10'),
      new Date('2025-03-10T23:59:59.000Z'),
      false,
    ],
    [
      'today, no time, day over',
      flight('BA1', '2025-03-10'),
      new Date('2025-03-11T00:00:00.000Z'),
      true,
    ],
  ])('%s', (_label, f, at, departed) => {
    expect(isDeparted(f, at)).toBe(departed);
    expect(isChatClosed(f, at)).toBe(departed);
  });
});

describe('texts', () => {
  it.each([
    [flight('BA1', '2025-03-09'), 'Departed', null, 'Completed'],
    [flight('BA1 (0900)', '2025-03-10'), 'Departed', "Today's flight", 'Today'],
    [flight('BA1 (1800)', '2025-03-10'), 'Departing today', "Today's flight", 'Today'],
    [flight('BA1', '2025-03-10'), 'Departing today', "Today's flight", 'Today'],
    [flight('BA1', '2025-03-11'), '1 day until departure', 'Upcoming flight', 'Upcoming'],
    [flight('BA1 (0001)', '2025-03-13'), '3 days until departure', 'Upcoming flight', 'Upcoming'],
  ])('home card %#', (f, status, relative, badge) => {
    expect(homeCardStatus(f, now)).toBe(status);
    expect(relativeDayLabel(f, now)).toBe(relative);
    expect(myFlightBadge(f, now)).toBe(badge);
  });

  it.each([
    [flight('BA1 (0900)', '2025-03-10'), 'Flight departed', 'Chat (Departed)'],
    [flight('BA1', '2025-03-09'), "Day's flights complete", 'Chat (Day Complete)'],
    [flight('BA1 (1415)', '2025-03-10'), 'Departs in 2h 15m', null],
    [flight('BA1 (1200)', '2025-03-11'), 'Departs in 1d 0h 0m', null],
    [flight('BA1', '2025-03-10'), "Today's flight", null],
    [flight('BA1', '2025-03-12'), 'Upcoming flight', null],
  ])('detail status %#', (f, line, chat) => {
    expect(detailStatusLine(f, now)).toBe(line);
    expect(closedChatLabel(f, now)).toBe(chat);
  });

  it('formats countdowns, rounding minutes up', () => {
    expect(formatCountdown(30_000)).toBe('1m');
    expect(formatCountdown(59 * 60_000)).toBe('59m');
    expect(formatCountdown(60 * 60_000)).toBe('1h 0m');
    expect(formatCountdown(0)).toBe('1m');
  });

  it('labels the time chip', () => {
    expect(departureTimeLabel({ flightNumber: 'BA1 (0705)' })).toBe('07:05 GMT');
    expect(departureTimeLabel({ flightNumber: 'BA1' })).toBe('Expected to depart by end of day');
  });

  it('writes the GMT clock', () => {
    expect(gmtClock(new Date('2025-03-09T07:05:09Z'))).toBe('09/03/25 07:05:09');
  });
});

describe('day arithmetic', () => {
  it('counts calendar days in UTC', () => {
    expect(daysUntilDeparture(flight('BA1', '2025-03-11'), new Date('2025-03-10T23:59:59Z'))).toBe(
      1,
    );
    expect(daysUntilDeparture(flight('BA1', '2025-03-10'), new Date('2025-03-10T00:00:00Z'))).toBe(
      0,
    );
    expect(daysUntilDeparture(flight('BA1', '2025-03-01'), now)).toBe(-9);
  });

  it('maps date filter modes to UTC days', () => {
    const lateEvening = new Date('2025-03-31T23:30:00Z');
    expect(dateFilterDays('today', lateEvening)).toEqual(['2025-03-31']);
    expect(dateFilterDays('tomorrow', lateEvening)).toEqual(['2025-04-01']);
    expect(dateFilterDays('both', lateEvening)).toEqual(['2025-03-31', '2025-04-01']);
  });

  it('sorts by day, then time with unknown times last, or by number', () => {
    const list = [
      flight('BA20', '2025-03-11'),
      flight('BA3 (1800)', '2025-03-11'),
      flight('BA100 (0600)', '2025-03-11'),
      flight('BA9 (2300)', '2025-03-10'),
    ];
    expect([...list].sort(compareFlights('dateAndTime')).map((f) => f.flightNumber)).toEqual([
      'BA9 (2300)',
      'BA100 (0600)',
      'BA3 (1800)',
      'BA20',
    ]);
    expect([...list].sort(compareFlights('dateAndFlight')).map((f) => f.flightNumber)).toEqual([
      'BA9 (2300)',
      'BA3 (1800)',
      'BA20',
      'BA100 (0600)',
    ]);
  });
});

describe('utcDayLabel', () => {
  it.each(['short', 'long'] as const)(
    'writes every day from 1999 to 2032 as Intl en-GB in UTC does (%s)',
    (style) => {
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'UTC',
        weekday: style,
        day: 'numeric',
        month: style,
        year: 'numeric',
      });
      const start = Date.UTC(1999, 0, 1);
      const end = Date.UTC(2032, 11, 31);
      for (let t = start; t <= end; t += 86_400_000) {
        // A late hour: the label is the UTC day, never the local one.
        const at = new Date(t + 23 * 3_600_000 + 59 * 60_000);
        expect(utcDayLabel(at, style)).toBe(intl.format(at));
      }
    },
  );

  it('reads a stored departure date and says when it is not a date', () => {
    expect(utcDayLabel('2026-11-25T00:00:00.000Z')).toBe('Wed, 25 Nov 2026');
    expect(utcDayLabel('2026-11-25', 'long')).toBe('Wednesday, 25 November 2026');
    expect(utcDayLabel('not a date')).toBe('Invalid Date');
  });
});
