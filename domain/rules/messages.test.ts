import { describe, expect, it } from 'vitest';
import { CLIENT_ID_REUSED, isResendOf } from './messages';

describe('isResendOf', () => {
  const stored = { waveId: 4, content: 'Hello' };
  it('is the same message when wave and text match', () => {
    expect(isResendOf(stored, { waveId: 4, content: 'Hello' })).toEqual({ ok: true });
  });
  it.each([[{ waveId: 5, content: 'Hello' }], [{ waveId: 4, content: 'Hello!' }]])(
    'refuses the id reused for %j',
    (input) => {
      expect(isResendOf(stored, input)).toEqual({ ok: false, reason: CLIENT_ID_REUSED });
    },
  );
});
