import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMarkedUtc as lineSaysUtc } from '../rules/local-time';
import type { RosterFlight } from './parser';
import { previewFlightToBatchRow, previewRow, rosterSaysUtc, withClocks } from './preview';

const flight = (over: Partial<RosterFlight>): RosterFlight => ({
  flightNumber: 'BA112',
  origin: 'JFK',
  destination: 'LHR',
  date: '2026-11-29',
  departureTime: '20:45',
  arrivalTime: '08:40',
  arrivalDayOffset: 1,
  durationMinutes: null,
  sourceLine: 'BA112 JFK LHR 2045 0840+1',
  positioning: false,
  clock: 'local',
  ...over,
});
const NOW = new Date('2026-11-01T00:00:00.000Z');

describe('the preview row: times local to their airports, placed as instants', () => {
  it("reads the issue's BA112: 20:45 in New York on 29 Nov is 01:45 GMT on 30 Nov", () => {
    const row = previewRow({ ...flight({}), clock: 'local' }, NOW);
    expect(row).toMatchObject({
      departureDate: '2026-11-29',
      departureTime: '20:45',
      utc: { departure: '2026-11-30T01:45:00.000Z', arrival: '2026-11-30T08:40:00.000Z' },
      durationMinutes: 415,
      status: 'new',
    });
  });

  it('reads UTC times as UTC and shows them local to each airport', () => {
    const row = previewRow(
      {
        ...flight({
          departureTime: '01:45',
          date: '2026-11-30',
          arrivalTime: '08:40',
          arrivalDayOffset: 0,
        }),
        clock: 'utc',
      },
      NOW,
    );
    expect(row).toMatchObject({
      departureDate: '2026-11-29',
      departureTime: '20:45',
      arrivalTime: '08:40',
      arrivalDayOffset: 1,
      utc: { departure: '2026-11-30T01:45:00.000Z' },
    });
  });

  it('never guesses a zone: an unknown airport keeps its printed times and names no instant', () => {
    const row = previewRow({ ...flight({ origin: 'QXQ' }), clock: 'local' }, NOW);
    expect(row).toMatchObject({
      status: 'unknown-airport',
      departureTime: '20:45',
      utc: { departure: null, arrival: null },
    });
  });

  it('gives an arrival printed before its departure without a +1 no instant and no duration', () => {
    const row = previewRow(
      {
        ...flight({
          origin: 'LHR',
          destination: 'SIN',
          departureTime: '21:40',
          arrivalTime: '17:50',
          arrivalDayOffset: 0,
        }),
        clock: 'local',
      },
      NOW,
    );
    expect(row.utc.arrival).toBeNull();
    expect(row.durationMinutes).toBeNull();
  });

  it('is past once it has departed, and an untimed flight at the end of its day at the origin', () => {
    const timed = previewRow({ ...flight({ date: '2026-10-31' }), clock: 'local' }, NOW);
    expect(timed.status).toBe('new'); // 20:45 EDT on 31 Oct is 00:45 GMT on 1 Nov: still ahead
    const untimed = {
      ...flight({
        date: '2026-10-31',
        departureTime: null,
        arrivalTime: null,
        arrivalDayOffset: 0,
      }),
      clock: 'local' as const,
    };
    expect(previewRow(untimed, NOW).status).toBe('new'); // still 31 Oct in New York
    expect(previewRow(untimed, new Date('2026-11-01T04:00:00.000Z')).status).toBe('past');
  });

  it('knows a UTC mark on the line or in the roster', () => {
    expect(lineSaysUtc('29/11/2026 BA117 LHR JFK 1530Z 1835Z')).toBe(true);
    expect(lineSaysUtc('29/11/2026 BA117 LHR JFK 1530 1835 UTC')).toBe(true);
    expect(lineSaysUtc('29/11/2026 BA117 LHR JFK 1530 1835')).toBe(false);
    expect(rosterSaysUtc('ROSTER\nAll times UTC\n29/11/2026 BA117')).toBe(true);
    expect(rosterSaysUtc('Times in GMT')).toBe(true);
    expect(rosterSaysUtc('29/11/2026 BA117 LHR JFK 1530 1835')).toBe(false);
    expect(withClocks([flight({})], 'Times: Zulu\n')[0]?.clock).toBe('utc');
  });

  it('round-trips: a local time placed as an instant and read back as UTC is the same local time', () => {
    const airports = ['LHR', 'JFK', 'LAX', 'SIN', 'MAD', 'DXB'];
    fc.assert(
      fc.property(
        fc.constantFrom(...airports),
        fc.constantFrom(...airports),
        fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (origin, destination, day, h, m) => {
          fc.pre(origin !== destination);
          const date = day.toISOString().slice(0, 10);
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const local = previewRow(
            {
              ...flight({
                origin,
                destination,
                date,
                departureTime: time,
                arrivalTime: null,
                arrivalDayOffset: 0,
              }),
              clock: 'local',
            },
            NOW,
          );
          const departure = local.utc.departure;
          if (!departure) throw new Error('no instant');
          const back = previewRow(
            {
              ...flight({
                origin,
                destination,
                date: departure.slice(0, 10),
                departureTime: departure.slice(11, 16),
                arrivalTime: null,
                arrivalDayOffset: 0,
              }),
              clock: 'utc',
            },
            NOW,
          );
          // The clock-change gap (02:30 that never happens) is read past the change: skip it.
          fc.pre(back.departureTime === time || local.departureTime !== time);
          expect(back.utc.departure).toBe(departure);
          expect(back.departureDate === date || back.departureTime !== time).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a preview row as the batch adds it', () => {
  it("sends the issue's BA112 as the spec stores it: 'BA112 (0145)' on 30 Nov", () => {
    const row = previewRow({ ...flight({}), clock: 'local' }, NOW);
    expect(previewFlightToBatchRow(row)).toEqual({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
      origin: 'JFK',
      destination: 'LHR',
      duration: '6h 55m',
    });
  });

  it('sends a flight without a time on its local day, with no bracket', () => {
    const row = previewRow(
      { ...flight({ departureTime: null, arrivalTime: null }), clock: 'local' },
      NOW,
    );
    expect(previewFlightToBatchRow(row)).toMatchObject({
      flightNumber: 'BA112',
      departureDate: '2026-11-29T00:00:00.000Z',
    });
  });
});
