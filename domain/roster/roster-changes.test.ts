import { describe, expect, it } from 'vitest';
import { type MemberFlight, type RosterSide, rosterChanges } from './roster-changes';

const now = new Date('2026-11-28T12:00:00Z');
const side = (over: Partial<RosterSide> = {}): RosterSide => ({
  key: 'BA117|2026-11-29|LHR|JFK',
  day: '2026-11-29',
  gmtTime: '15:30',
  ...over,
});
const mine = (over: Partial<MemberFlight> = {}): MemberFlight => ({
  flightId: 1,
  key: 'BA117|2026-11-29|LHR|JFK',
  day: '2026-11-29',
  gmtTime: '15:30',
  departureAt: new Date('2026-11-29T15:30:00Z'),
  ...over,
});

describe('rosterChanges', () => {
  it('changes nothing when the roster lists the member’s flights as they are', () => {
    expect(rosterChanges([side()], [mine()], now)).toEqual({
      range: { from: '2026-11-29', to: '2026-11-29' },
      changed: [],
      removed: [],
    });
  });

  it('offers for removal a flight inside the roster’s days that it no longer lists', () => {
    const roster = [side(), side({ key: 'BA118|2026-12-02|JFK|LHR', day: '2026-12-02' })];
    const gone = mine({ flightId: 2, key: 'BA175|2026-12-01|LHR|JFK', day: '2026-12-01' });
    expect(rosterChanges(roster, [mine(), gone], now).removed).toEqual([2]);
  });

  it('leaves flights outside the roster’s first and last day alone, and keeps the boundaries inside', () => {
    const roster = [side({ day: '2026-11-29' }), side({ key: 'X|2026-12-02', day: '2026-12-02' })];
    const before = mine({
      flightId: 3,
      key: 'A',
      day: '2026-11-28',
      departureAt: new Date('2026-11-28T20:00Z'),
    });
    const first = mine({ flightId: 4, key: 'B', day: '2026-11-29' });
    const last = mine({
      flightId: 5,
      key: 'C',
      day: '2026-12-02',
      departureAt: new Date('2026-12-02T10:00Z'),
    });
    const after = mine({
      flightId: 6,
      key: 'D',
      day: '2026-12-03',
      departureAt: new Date('2026-12-03T10:00Z'),
    });
    expect(rosterChanges(roster, [before, first, last, after], now).removed).toEqual([4, 5]);
  });

  it('never offers a departed flight for removal', () => {
    const roster = [side({ day: '2026-11-27' }), side({ key: 'X', day: '2026-11-29' })];
    const flown = mine({
      flightId: 7,
      key: 'BA1|2026-11-28|LHR|CDG',
      day: '2026-11-28',
      departureAt: new Date('2026-11-28T11:59:59Z'),
    });
    const notYet = { ...flown, flightId: 8, departureAt: new Date('2026-11-28T12:00:01Z') };
    expect(rosterChanges(roster, [flown, notYet], now).removed).toEqual([8]);
  });

  it('reports another time as changed, and says nothing when either side has no time', () => {
    const result = rosterChanges(
      [side({ gmtTime: '16:30' })],
      [mine(), mine({ flightId: 9, key: 'BA117|2026-11-29|LHR|JFK', gmtTime: null })],
      now,
    );
    expect(result.changed).toEqual([{ flightId: 1, yours: '15:30', roster: '16:30' }]);
    expect(rosterChanges([side({ gmtTime: null })], [mine()], now).changed).toEqual([]);
  });

  it('has no range and offers nothing for a roster without flights', () => {
    expect(rosterChanges([], [mine()], now)).toEqual({ range: null, changed: [], removed: [] });
  });
});
