import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { airportTimeZone } from '../roster/airport-zones';
import { IATA_AIRPORT_BITMAP } from '../roster/iata-airports';
import type { RosterFlight } from '../roster/parser';
import { applyLocalDepartureTime, flightKey, rosterFlightToBatchRow } from './flight-clock';
import {
  DEPARTURE_TIME_DIFFERS,
  DESTINATION_DIFFERS,
  departureTimeDiffers,
  isMarkedUtc,
  listedDifferently,
  localAndGmtLabel,
  localDeparture,
  UNKNOWN_TIME_ZONE,
  unknownTimeZone,
} from './local-time';
import { flightNumberWithTime, utcDay } from './time';
import { utcToZoned } from './zoned-time';

const roster = (over: Partial<RosterFlight>): RosterFlight => ({
  flightNumber: 'BA112',
  departureTime: '20:45',
  arrivalTime: null,
  arrivalDayOffset: 0,
  durationMinutes: null,
  origin: 'JFK',
  destination: 'LHR',
  date: '2026-11-29',
  sourceLine: 'x',
  positioning: false,
  clock: 'local',
  ...over,
});

const rowOf = (flight: RosterFlight) => {
  const read = rosterFlightToBatchRow(flight);
  if (!read.ok) throw new Error(read.reason);
  return read.row;
};

describe('airport zones (generated for every IATA code)', () => {
  it('knows the zone of the network and of small airports alike', () => {
    expect(airportTimeZone('JFK')).toBe('America/New_York');
    expect(airportTimeZone('lhr')).toBe('Europe/London');
    expect(airportTimeZone('SIN')).toBe('Asia/Singapore');
    expect(airportTimeZone('KTM')).toBe('Asia/Kathmandu');
    expect(airportTimeZone('XXX')).toBeNull();
  });

  it('has a zone for every code the app accepts, each one the runtime knows', () => {
    const bits = Uint8Array.from(atob(IATA_AIRPORT_BITMAP), (ch) => ch.charCodeAt(0));
    let codes = 0;
    const zones = new Set<string>();
    const missing: string[] = [];
    for (let n = 0; n < 26 ** 3; n += 1) {
      if (((bits[n >> 3] ?? 0) & (1 << (n & 7))) === 0) continue;
      codes += 1;
      const code = String.fromCharCode(
        65 + Math.floor(n / 676),
        65 + (Math.floor(n / 26) % 26),
        65 + (n % 26),
      );
      const zone = airportTimeZone(code);
      if (zone) zones.add(zone);
      else missing.push(code);
    }
    expect(missing).toEqual([]);
    expect(codes).toBeGreaterThan(10_000);
    for (const zone of zones) {
      expect(() => new Intl.DateTimeFormat('en-GB', { timeZone: zone })).not.toThrow();
    }
  });
});

describe('the time rule: local to the airport unless marked UTC', () => {
  it('stores BA112 JFK->LHR at 20:45 local on 29 Nov as BA112 (0145) on 30 Nov', () => {
    expect(
      rowOf(roster({ arrivalTime: '08:40', arrivalDayOffset: 1, durationMinutes: 715 })),
    ).toEqual({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
      origin: 'JFK',
      destination: 'LHR',
      // 20:45 EST to 08:40+1 GMT: 6h 55m in the air, not the 11h 55m of the printed clocks.
      duration: '6h 55m',
    });
  });

  it('keeps a line marked UTC as it is', () => {
    expect(
      rowOf(roster({ clock: 'utc', departureTime: '01:45', date: '2026-11-30' })),
    ).toMatchObject({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
    });
  });

  it('refuses a local time at an airport of no known zone, without guessing one', () => {
    expect(rosterFlightToBatchRow(roster({ origin: 'XXX' }))).toEqual({
      ok: false,
      reason: unknownTimeZone('XXX'),
    });
    expect(UNKNOWN_TIME_ZONE).toContain('Give the time in GMT');
    // Without a time nothing needs a zone.
    expect(rosterFlightToBatchRow(roster({ origin: 'XXX', departureTime: null })).ok).toBe(true);
  });

  it.each([
    // London: the day before and the day of the spring change (29 Mar 2026), and of the autumn one (25 Oct).
    ['LHR', '2026-03-28', '15:30', 'BA117 (1530)', '2026-03-28'],
    ['LHR', '2026-03-29', '15:30', 'BA117 (1430)', '2026-03-29'],
    ['LHR', '2026-10-24', '15:30', 'BA117 (1430)', '2026-10-24'],
    ['LHR', '2026-10-25', '15:30', 'BA117 (1530)', '2026-10-25'],
    // New York: the changes of 8 Mar and 1 Nov 2026; evening departures are the next GMT day.
    ['JFK', '2026-03-07', '20:45', 'BA117 (0145)', '2026-03-08'],
    ['JFK', '2026-03-08', '20:45', 'BA117 (0045)', '2026-03-09'],
    ['JFK', '2026-10-31', '20:45', 'BA117 (0045)', '2026-11-01'],
    ['JFK', '2026-11-01', '20:45', 'BA117 (0145)', '2026-11-02'],
  ])('%s %s %s local is %s on %s', (origin, date, time, number, day) => {
    const row = rowOf(roster({ flightNumber: 'BA117', origin, date, departureTime: time }));
    expect(row.flightNumber).toBe(number);
    expect(row.departureDate).toBe(`${day}T00:00:00.000Z`);
  });

  it('reads an arrival the day after (+1) on the destination’s clock', () => {
    // LHR 22:00 GMT -> SIN 18:05+1 (GMT+8): 12h 05m.
    const row = rowOf(
      roster({
        flightNumber: 'BA11',
        origin: 'LHR',
        destination: 'SIN',
        departureTime: '22:00',
        arrivalTime: '18:05',
        arrivalDayOffset: 1,
        durationMinutes: 20 * 60 + 5,
      }),
    );
    expect(row).toMatchObject({ flightNumber: 'BA11 (2200)', duration: '12h 05m' });
  });

  it.each([
    ['BA117 LHR JFK 1530Z 1835Z', true],
    ['BA117 LHR JFK 15:30 18:35 UTC', true],
    ['BA117 LHR JFK 1530 1835 (GMT)', true],
    ['BA117 LHR JFK 1530 1835', false],
    ['BA117 ZRH JFK 1530 1835', false],
  ])('%s is marked UTC: %s', (line, marked) => {
    expect(isMarkedUtc(line)).toBe(marked);
  });
});

describe('a time entered on the origin’s clock (POST /api/flights localDepartureTime)', () => {
  const body = {
    flightNumber: 'BA112',
    departureDate: '2026-11-29T00:00:00.000Z',
    origin: 'JFK',
    destination: 'LHR',
  };

  it('becomes the GMT bracket and the UTC day', () => {
    expect(applyLocalDepartureTime({ ...body, localDepartureTime: '20:45' })).toEqual({
      ok: true,
      value: { ...body, flightNumber: 'BA112 (0145)', departureDate: '2026-11-30T00:00:00.000Z' },
    });
  });

  it('is refused beside a bracketed time, and at an airport of no known zone', () => {
    expect(
      applyLocalDepartureTime({
        ...body,
        flightNumber: 'BA112 (0145)',
        localDepartureTime: '20:45',
      }).ok,
    ).toBe(false);
    expect(applyLocalDepartureTime({ ...body, localDepartureTime: '20:45' }, () => null)).toEqual({
      ok: false,
      reason: unknownTimeZone('JFK'),
    });
  });

  it('leaves the spec payload as it is without one', () => {
    expect(applyLocalDepartureTime({ ...body, flightNumber: 'BA112 (0145)' })).toEqual({
      ok: true,
      value: { ...body, flightNumber: 'BA112 (0145)' },
    });
  });
});

describe('the origin’s clock beside the GMT chip', () => {
  const stored = { flightNumber: 'BA112 (0145)', departureDate: '2026-11-30', origin: 'JFK' };

  it('presents the local departure and its date', () => {
    expect(localDeparture(stored, airportTimeZone)).toEqual({
      time: '20:45',
      date: '2026-11-29',
      timeZone: 'America/New_York',
    });
    expect(localDeparture({ ...stored, flightNumber: 'BA112' }, airportTimeZone)).toEqual({
      time: null,
      date: '2026-11-30',
      timeZone: 'America/New_York',
    });
  });

  it("labels '20:45 JFK · 01:45 GMT +1'", () => {
    expect(
      localAndGmtLabel({ ...stored, localDeparture: localDeparture(stored, airportTimeZone) }),
    ).toBe('20:45 JFK · 01:45 GMT +1');
    const sydney = { flightNumber: 'QF1 (0600)', departureDate: '2026-11-30', origin: 'SYD' };
    expect(
      localAndGmtLabel({ ...sydney, localDeparture: localDeparture(sydney, airportTimeZone) }),
    ).toBe('17:00 SYD · 06:00 GMT');
    const late = { flightNumber: 'QF1 (1400)', departureDate: '2026-11-30', origin: 'SYD' };
    expect(
      localAndGmtLabel({ ...late, localDeparture: localDeparture(late, airportTimeZone) }),
    ).toBe('01:00 SYD · 14:00 GMT −1');
  });

  it('words a different time as the member reads it', () => {
    expect(
      departureTimeDiffers(
        'LHR',
        new Date('2026-07-01T14:30:00Z'),
        new Date('2026-07-01T15:30:00Z'),
        'roster',
        airportTimeZone,
      ),
    ).toBe(
      'Already listed departing 15:30 LHR (14:30 GMT); your roster says 16:30 LHR (15:30 GMT)',
    );
  });
});

describe('a flight joined as listed says how it differs (listedDifferently)', () => {
  const listed = new Date('2026-07-01T14:30:00Z');
  const given = new Date('2026-07-01T15:30:00Z');
  it('another destination, another time, or both; nothing when neither', () => {
    const notice = (
      destination: { listed: string; given: string } | null,
      time: { listed: Date; given: Date } | null,
      source: 'roster' | 'entry' = 'entry',
    ) => listedDifferently({ origin: 'LHR', destination, time }, source, airportTimeZone);
    expect(notice(null, null)).toBeNull();
    expect(notice({ listed: 'JFK', given: 'EWR' }, null)).toEqual({
      code: DESTINATION_DIFFERS,
      message: 'Already listed to JFK; you entered EWR',
    });
    expect(notice({ listed: 'JFK', given: 'EWR' }, null, 'roster')?.message).toBe(
      'Already listed to JFK; your roster says EWR',
    );
    expect(notice(null, { listed, given })).toEqual({
      code: DEPARTURE_TIME_DIFFERS,
      message: departureTimeDiffers('LHR', listed, given, 'entry', airportTimeZone),
    });
    expect(notice({ listed: 'JFK', given: 'EWR' }, { listed, given })).toEqual({
      code: DESTINATION_DIFFERS,
      message:
        'Already listed to JFK departing 15:30 LHR (14:30 GMT); you entered EWR departing 16:30 LHR (15:30 GMT)',
    });
  });
});

describe('the flight key names the origin’s local date', () => {
  it('puts 29 Nov without a time and the 20:45 JFK departure on one flight', () => {
    const untimed = {
      flightNumber: 'BA112',
      departureDate: '2026-11-29',
      origin: 'JFK',
      destination: 'LHR',
    };
    const timed = { ...untimed, ...rowOf(roster({})) };
    expect(timed.flightNumber).toBe('BA112 (0145)');
    expect(flightKey(timed)).toBe(flightKey(untimed));
    expect(flightKey(timed)).toBe('BA112|2026-11-29|JFK');
  });

  it('every spelling and clock of one flight gives one key, across DST changes (property)', () => {
    const zones: Record<string, string> = {
      LHR: 'Europe/London',
      JFK: 'America/New_York',
      SYD: 'Australia/Sydney',
      DEL: 'Asia/Kolkata',
      LAX: 'America/Los_Angeles',
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(zones)),
        // Any minute of 2026-2027: both years' changes in every zone above.
        fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2027, 11, 31) / 60_000 }),
        fc.constantFrom('BA117', 'ba0117', 'BA 117', 'BAW117'),
        fc.constantFrom('BA117', 'ba0117', 'BA 117', 'BAW117'),
        (origin, minute, spellingA, spellingB) => {
          const instant = new Date(minute * 60_000);
          const local = utcToZoned(instant, zones[origin]!);
          const gmt = instant.toISOString().slice(11, 16);
          const base = { origin, destination: 'DOH' };
          // The same flight: pasted in local time, pasted marked UTC, entered without a time on
          // its local date, and as stored (the GMT bracket on its UTC day).
          const pasted = rowOf(
            roster({
              ...base,
              flightNumber: spellingA,
              date: local.date,
              departureTime: local.time,
            }),
          );
          const marked = rowOf(
            roster({
              ...base,
              flightNumber: spellingB,
              date: utcDay(instant),
              departureTime: gmt,
              clock: 'utc',
            }),
          );
          const untimed = { ...base, flightNumber: spellingB, departureDate: local.date };
          const stored = {
            ...base,
            flightNumber: flightNumberWithTime('BA117', gmt),
            departureDate: utcDay(instant),
          };
          const key = flightKey(stored);
          expect(flightKey(pasted)).toBe(key);
          expect(flightKey(marked)).toBe(key);
          expect(flightKey(untimed)).toBe(key);
          expect(key.split('|')[1]).toBe(local.date);
        },
      ),
      { numRuns: 400 },
    );
  });
});
