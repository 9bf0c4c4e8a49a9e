import { describe, expect, it } from 'vitest';
import {
  canonicalFlightNumber,
  flightNumberParts,
  matchesFlightQuery,
  normaliseFlightQuery,
} from './flight-search';

const flight = (flightNumber: string, origin = 'LHR', destination = 'JFK') => ({
  flightNumber,
  origin,
  destination,
});

describe('normaliseFlightQuery', () => {
  it.each([
    ['BA0117', { kind: 'flight', airline: 'BA', number: '117', suffix: '' }],
    ['ba 117', { kind: 'flight', airline: 'BA', number: '117', suffix: '' }],
    ['  B A 1 1 7 ', { kind: 'flight', airline: 'BA', number: '117', suffix: '' }],
    ['BA117', { kind: 'flight', airline: 'BA', number: '117', suffix: '' }],
    ['BA0', { kind: 'flight', airline: 'BA', number: '', suffix: '' }],
    ['EZY8001A', { kind: 'flight', airline: 'EZY', number: '8001', suffix: 'A' }],
    ['u2 0012', { kind: 'flight', airline: 'U2', number: '12', suffix: '' }],
    ['117', { kind: 'number', number: '117' }],
    ['0117', { kind: 'number', number: '117' }],
    ['000', { kind: 'text', text: '000' }],
    ['ba', { kind: 'code', letters: 'BA' }],
    ['lhr', { kind: 'code', letters: 'LHR' }],
    ['BAW', { kind: 'code', letters: 'BAW' }],
    ['', { kind: 'all' }],
    ['   ', { kind: 'all' }],
    ['%', { kind: 'text', text: '%' }],
    ['BA117 (1530)', { kind: 'text', text: 'BA117(1530)' }],
    ['LHRJFKX', { kind: 'text', text: 'LHRJFKX' }],
  ])('%j -> %j', (query, expected) => {
    expect(normaliseFlightQuery(query)).toEqual(expected);
  });
});

describe('flightNumberParts / canonicalFlightNumber', () => {
  it.each([
    ['BA0117', 'BA117'],
    ['BA117 (1530)', 'BA117'],
    ['ba 0117 (0700)', 'BA117'],
    ['U20012', 'U212'],
    ['3K0501', '3K501'],
    // The airline's ICAO and Shuttle designators are the airline's own flights (issue 41).
    ['BAW117A', 'BA117A'],
    ['SHT 0012', 'BA12'],
    ['EZY0117', 'EZY117'],
    ['ZZ', 'ZZ'],
  ])('%s reads as %s', (stored, canonical) => {
    expect(canonicalFlightNumber(stored)).toBe(canonical);
  });

  it('is null for numbers that are not designator + digits', () => {
    expect(flightNumberParts('CHARTER')).toBeNull();
    expect(flightNumberParts('BA12345')).toBeNull();
  });
});

describe('matchesFlightQuery', () => {
  const ba117 = flight('BA117 (1530)');
  const ba0117 = flight('BA0117');

  it.each(['BA0117', 'ba 117', 'BA117', '117', '0117', 'ba', 'b', 'BA1', 'BA 0'])(
    '%j finds BA117 stored with or without leading zeros',
    (query) => {
      expect(matchesFlightQuery(ba117, query)).toBe(true);
      expect(matchesFlightQuery(ba0117, query)).toBe(true);
    },
  );

  it.each([
    ['17', 'the number must start with the digits'],
    ['BA1170', 'a longer number'],
    ['AA117', 'another airline'],
    ['BA117A', 'a suffix the flight does not have'],
    ['BA 2', 'another number'],
    ['%', 'garbage'],
    ['BA117 (1530)', 'the stored time is not part of the number'],
    ['XYZ', 'no airline or airport starts so'],
  ])('%j does not find BA117 (%s)', (query) => {
    expect(matchesFlightQuery(ba117, query)).toBe(false);
    expect(matchesFlightQuery(ba0117, query)).toBe(false);
  });

  it('finds airports by code prefix, either end, in any case', () => {
    const faro = flight('BA2490 (0700)', 'LGW', 'FAO');
    expect(matchesFlightQuery(faro, 'fao')).toBe(true);
    expect(matchesFlightQuery(faro, 'lg')).toBe(true);
    expect(matchesFlightQuery(faro, 'JFK')).toBe(false);
  });

  it('keeps a suffix exact and a number-only query across airlines', () => {
    expect(matchesFlightQuery(flight('EZY8001A'), 'ezy 8001a')).toBe(true);
    expect(matchesFlightQuery(flight('EZY8001'), 'EZY8001A')).toBe(false);
    expect(matchesFlightQuery(flight('AA117'), '117')).toBe(true);
  });

  it('reads odd stored numbers as text', () => {
    expect(matchesFlightQuery(flight('CHARTER 7'), 'charter')).toBe(true);
    expect(matchesFlightQuery(flight('CHARTER 7'), '7')).toBe(false);
  });
});
