import { describe, expect, it } from 'vitest';
import { badRequest, HttpError, InputRefusal, tooManyRequests } from './errors';

const frames = (error: Error) => (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));

describe('HttpError', () => {
  it('carries no stack for a 4xx: an answer to the client, built for every refused request', () => {
    for (const error of [
      new InputRefusal('Request is too deeply nested'),
      badRequest('Invalid id'),
      tooManyRequests('Slow down', new Date()),
    ]) {
      expect(frames(error)).toEqual([]);
      expect(error.message).not.toBe('');
    }
  });

  it('keeps the stack of a 5xx, for the log, and leaves other errors their stacks', () => {
    expect(frames(new HttpError(503, 'Unavailable')).length).toBeGreaterThan(0);
    badRequest('x');
    expect(frames(new Error('a bug')).length).toBeGreaterThan(0);
  });
});
