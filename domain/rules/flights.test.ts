import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flightKey, rosterFlightToBatchRow } from './flight-clock';
import {
  checkDepartureHorizon,
  DATE_TOO_FAR_AHEAD,
  formatFlightDuration,
  INVALID_AIRPORT_CODES,
  inTagOrder,
  isAirportCode,
  latestDepartureDay,
  MISSING_FLIGHT_INFO,
  normaliseAirportInput,
  normaliseFlightNumber,
  normaliseManualFlight,
  normaliseTime,
  reconcileDepartureTime,
  validateNote,
  validateTags,
} from './flights';

const form = {
  flightNumber: 'ba117',
  date: '2025-03-10',
  time: '15:30',
  origin: 'lhr',
  destination: 'jfk',
  role: 'IFL',
};

describe('manual add', () => {
  it('normalises the number, time, codes and date', () => {
    expect(normaliseManualFlight(form)).toEqual({
      ok: true,
      value: {
        flightNumber: 'BA117 (1530)',
        departureDate: '2025-03-10T00:00:00.000Z',
        origin: 'LHR',
        destination: 'JFK',
        role: 'IFL',
      },
    });
  });

  it('sends a time on the origin’s clock as localDepartureTime, leaving the number bare', () => {
    expect(
      normaliseManualFlight({ ...form, origin: 'jfk', destination: 'lhr', clock: 'local' }),
    ).toEqual({
      ok: true,
      value: {
        flightNumber: 'BA117',
        departureDate: '2025-03-10T00:00:00.000Z',
        origin: 'JFK',
        destination: 'LHR',
        role: 'IFL',
        localDepartureTime: '15:30',
      },
    });
    // No time: nothing to read on any clock.
    expect(normaliseManualFlight({ ...form, time: '', clock: 'local' })).toMatchObject({
      ok: true,
      value: { flightNumber: 'BA117' },
    });
  });

  it('defaults origin to LHR, role to the member’s own, and leaves out a blank time', () => {
    const result = normaliseManualFlight(
      { ...form, origin: '', role: '', time: '' },
      { role: 'Main Crew' },
    );
    expect(result).toMatchObject({
      ok: true,
      value: { flightNumber: 'BA117', origin: 'LHR', role: 'Main Crew' },
    });
  });

  it.each([
    [{ flightNumber: ' ' }, MISSING_FLIGHT_INFO],
    [{ date: '' }, MISSING_FLIGHT_INFO],
    [{ date: '2025-02-30' }, MISSING_FLIGHT_INFO],
    [{ destination: '' }, MISSING_FLIGHT_INFO],
    [{ role: 'Cabin Crew' }, MISSING_FLIGHT_INFO],
    [{ role: 'Captain' }, MISSING_FLIGHT_INFO],
    [{ origin: 'LH' }, INVALID_AIRPORT_CODES],
    [{ destination: 'JFKX' }, INVALID_AIRPORT_CODES],
    [{ destination: 'J1K' }, INVALID_AIRPORT_CODES],
  ])('refuses %j', (change, reason) => {
    expect(normaliseManualFlight({ ...form, ...change })).toEqual({ ok: false, reason });
  });

  it.each([
    ['15:30', '1530'],
    ['1530', '1530'],
    ['07:05', '0705'],
    ['24:00', null],
    ['7:05', null],
    ['12:60', null],
  ])('time %s -> %s', (input, expected) => {
    expect(normaliseTime(input)).toBe(expected);
  });

  it('stores numbers canonical, with the time given or already bracketed, and limits airport inputs to three letters', () => {
    expect(normaliseFlightNumber(' ba0117 ', '09:05')).toBe('BA117 (0905)');
    expect(normaliseFlightNumber('BAW 0117 (1530)')).toBe('BA117 (1530)');
    expect(normaliseFlightNumber('ba117 (1530)', '16:30')).toBe('BA117 (1630)');
    expect(normaliseFlightNumber('TEST 1')).toBe('TEST1');
    expect(normaliseAirportInput('jfkx')).toBe('JFK');
  });
});

describe('tags and note', () => {
  it.each([
    [[], []],
    [['Coffee Chat'], ['Coffee Chat']],
    [
      ['Coffee Chat', 'Coffee Chat', 'Quiet Flight'],
      ['Coffee Chat', 'Quiet Flight'],
    ],
    [
      ['Layover Social', 'First Time Visit', 'Workout Buddy'],
      ['Layover Social', 'First Time Visit', 'Workout Buddy'],
    ],
  ])('accepts %j', (tags, value) => {
    expect(validateTags(tags)).toEqual({ ok: true, value });
  });

  it('refuses a fourth tag and unknown tags', () => {
    expect(validateTags(['Coffee Chat', 'Quiet Flight', 'Dining Buddy', 'Workout Buddy'])).toEqual({
      ok: false,
      reason: 'Choose at most 3 tags',
    });
    expect(validateTags(['Party'])).toEqual({ ok: false, reason: 'Unknown tag' });
  });

  it.each([
    ['x'.repeat(150), true],
    [`  ${'x'.repeat(150)}  `, true],
    ['x'.repeat(151), false],
  ])('note of %#: ok=%s', (note, ok) => {
    expect(validateNote(note).ok).toBe(ok);
  });

  it('stores a blank note as null', () => {
    expect(validateNote('   ')).toEqual({ ok: true, value: null });
    expect(validateNote(undefined)).toEqual({ ok: true, value: null });
  });
});

describe('flight identity', () => {
  it('ignores the bracketed time and the time of day of the date', () => {
    const a = flightKey({
      flightNumber: 'BA117 (1530)',
      departureDate: '2025-03-10T00:00:00.000Z',
      origin: 'LHR',
    });
    const b = flightKey({
      flightNumber: 'ba117',
      departureDate: new Date('2025-03-10T18:00:00Z'),
      origin: 'lhr',
    });
    expect(a).toBe(b);
  });

  it("'BA117', 'ba0117', 'BA 117' and 'BAW117' on one day from one airport are one flight", () => {
    const key = (flightNumber: string) =>
      flightKey({ flightNumber, departureDate: '2026-11-29', origin: 'LHR' });
    const one = new Set(['BA117', 'ba0117', 'BA 117', 'BAW117', 'BA0117 (1530)'].map(key));
    expect(one.size).toBe(1);
    // A suffix letter, another number or another airline is another flight.
    expect(new Set([key('BA117'), key('BA117A'), key('BA1170'), key('AA117')]).size).toBe(4);
  });

  it('every spelling of one flight gives one key (property)', () => {
    const spelling = fc.record({
      designator: fc.constantFrom('BA', 'ba', 'Ba', 'BAW', 'baw', 'SHT'),
      zeros: fc.integer({ min: 0, max: 3 }),
      space: fc.constantFrom('', ' ', '  '),
      time: fc.option(fc.constantFrom(' (0530)', ' (1530)', '(2359)'), { nil: '' }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom('', 'A', 'z'),
        spelling,
        spelling,
        (number, suffix, a, b) => {
          const write = (s: typeof a) => {
            const digits = String(number).padStart(String(number).length + s.zeros, '0');
            // Four digits at most after the zeros, as numbers are printed ('BA0117', not 'BA00117').
            const printed = digits.length > 4 ? String(number) : digits;
            return `${s.designator}${s.space}${printed}${suffix}${s.time}`;
          };
          const of = (flightNumber: string) =>
            flightKey({
              flightNumber,
              departureDate: '2026-11-29',
              origin: 'LHR',
            });
          expect(of(write(a))).toBe(of(write(b)));
          expect(of(write(a))).toBe(of(`BA${number}${suffix.toUpperCase()}`));
        },
      ),
    );
  });

  it('the destination is not part of the key: one number from one airport on one local day is one flight', () => {
    // A flight as stored, with its destination: the key reads past it.
    const to = (destination: string, flightNumber = 'BA117') => {
      const flight = { flightNumber, departureDate: '2026-11-29', origin: 'LHR', destination };
      return flightKey(flight);
    };
    expect(to('JFK')).toBe(to('EWR'));
    expect(to('JFK')).toBe('BA117|2026-11-29|LHR');
    expect(to('JFK', 'BAW0117 (1530)')).toBe(to('EWR', 'ba 117'));
    // Another origin or another local day is still another flight.
    expect(
      flightKey({ flightNumber: 'BA117', departureDate: '2026-11-29', origin: 'LGW' }),
    ).not.toBe(to('JFK'));
    expect(
      flightKey({ flightNumber: 'BA117', departureDate: '2026-11-30', origin: 'LHR' }),
    ).not.toBe(to('JFK'));
  });

  it('every spelling to any destination gives one key (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom('BA', 'ba', 'BAW', 'baw', 'SHT'),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('', ' '),
        fc.constantFrom('JFK', 'EWR', 'jfk', 'LAX', 'DXB'),
        fc.constantFrom('JFK', 'EWR', 'BOS'),
        (number, designator, zeros, space, destA, destB) => {
          const digits = String(number).padStart(String(number).length + zeros, '0');
          const printed = digits.length > 4 ? String(number) : digits;
          const flightA = {
            flightNumber: `${designator}${space}${printed}`,
            departureDate: '2026-11-29',
            origin: 'lhr',
            destination: destA,
          };
          const flightB = {
            flightNumber: `BA${number}`,
            departureDate: '2026-11-29',
            origin: 'LHR',
            destination: destB,
          };
          const a = flightKey(flightA);
          const b = flightKey(flightB);
          expect(a).toBe(b);
        },
      ),
    );
  });

  const rosterFlight = {
    flightNumber: 'BA117',
    departureTime: '09:55',
    arrivalTime: '13:55',
    arrivalDayOffset: 0,
    durationMinutes: 240,
    origin: 'LHR',
    destination: 'JFK',
    date: '2025-03-10',
    sourceLine: 'x',
    positioning: false,
    clock: 'local' as const,
  };

  it('turns a roster flight into a batch row, its times read on their airports’ clocks', () => {
    // 09:55 in London (GMT) to 13:55 in New York (EDT since 9 March): 8 hours.
    expect(rosterFlightToBatchRow(rosterFlight)).toEqual({
      ok: true,
      row: {
        flightNumber: 'BA117 (0955)',
        departureDate: '2025-03-10T00:00:00.000Z',
        origin: 'LHR',
        destination: 'JFK',
        duration: '8h 00m',
      },
    });
  });

  it('keeps the block time a roster prints', () => {
    const row = rosterFlightToBatchRow({ ...rosterFlight, durationMinutes: 485 });
    expect(row.ok && row.row.duration).toBe('8h 05m');
  });

  it('sends no duration for a roster flight without one, rather than a made-up figure', () => {
    const row = rosterFlightToBatchRow({
      ...rosterFlight,
      departureTime: null,
      arrivalTime: null,
      durationMinutes: null,
    });
    expect(row).toMatchObject({ ok: true, row: { flightNumber: 'BA117', duration: null } });
  });

  it.each([
    [0, '0h 00m'],
    [65, '1h 05m'],
    [485, '8h 05m'],
    [775, '12h 55m'],
  ])('formats %i minutes as %s', (minutes, text) => {
    expect(formatFlightDuration(minutes)).toBe(text);
  });
});

describe('inTagOrder', () => {
  it.each([
    [[], []],
    [
      ['Dining Buddy', 'Layover Social'],
      ['Layover Social', 'Dining Buddy'],
    ],
    [
      ['Coffee Chat', 'Coffee Chat', 'Quiet Flight'],
      ['Quiet Flight', 'Coffee Chat'],
    ],
    [
      ['Retired tag', 'Workout Buddy', ''],
      ['Workout Buddy', 'Retired tag'],
    ],
  ])('%j reads %j', (tags, expected) => {
    expect(inTagOrder(tags)).toEqual(expected);
  });
});

describe('reconcileDepartureTime', () => {
  it.each([
    ['BA117', 'BA117 (1530)', { fill: '15:30', differs: null }],
    ['BA117', 'BA117', { fill: null, differs: null }],
    ['BA117 (1530)', 'BA117', { fill: null, differs: null }],
    ['BA117 (1530)', 'BA117 (1530)', { fill: null, differs: null }],
    // Another time joins the flight as listed, and says so: never a refusal, never a change.
    ['BA117 (1530)', 'BA117 (1630)', { fill: null, differs: { listed: '15:30', given: '16:30' } }],
  ])('%s added as %s', (existing, incoming, expected) => {
    expect(reconcileDepartureTime({ flightNumber: existing }, { flightNumber: incoming })).toEqual(
      expected,
    );
  });
});

describe('real airports and the one-year horizon', () => {
  it('accepts real IATA codes and refuses made-up ones', () => {
    for (const code of ['LHR', 'JFK', 'FAO', 'AAA', 'MAN']) expect(isAirportCode(code)).toBe(true);
    for (const code of ['XXX', 'ZZZ', 'lhr', 'LH', 'L1R']) {
      expect(isAirportCode(code)).toBe(false);
    }
    expect(normaliseManualFlight({ ...form, destination: 'XXX' })).toEqual({
      ok: false,
      reason: INVALID_AIRPORT_CODES,
    });
  });

  it('allows a departure up to the same day next year, not a day more', () => {
    const now = new Date('2026-11-23T22:00:00Z');
    expect(latestDepartureDay(now)).toBe('2027-11-23');
    expect(checkDepartureHorizon('2027-11-23T00:00:00.000Z', now)).toEqual({ ok: true });
    expect(checkDepartureHorizon('2027-11-24', now)).toEqual({
      ok: false,
      reason: DATE_TOO_FAR_AHEAD,
    });
    expect(latestDepartureDay(new Date('2028-02-29T12:00:00Z'))).toBe('2029-03-01');
  });
});
