import { describe, expect, it } from 'vitest';
import { flightTitle } from './flight-title';

describe('flightTitle', () => {
  it('splits the stored bracketed time into a GMT chip', () => {
    expect(flightTitle('BA117 (1530)')).toEqual({
      number: 'BA117',
      time: '15:30 GMT',
      text: 'BA117 15:30 GMT',
    });
  });

  it('reads a bracketed time without a space before it', () => {
    expect(flightTitle('BA117(0005)')).toEqual({
      number: 'BA117',
      time: '00:05 GMT',
      text: 'BA117 00:05 GMT',
    });
  });

  it('leaves a number without a time as it is, with no chip', () => {
    expect(flightTitle('BA117')).toEqual({ number: 'BA117', time: null, text: 'BA117' });
  });

  it('never shows an impossible bracketed time as a chip, nor the brackets', () => {
    const title = flightTitle('BA117 (2575)');
    expect(title.time).toBeNull();
    expect(title.number).toBe('BA117');
    expect(title.text).not.toContain('(');
  });
});
