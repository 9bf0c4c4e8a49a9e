import { describe, expect, it } from 'vitest';
import { waveFixture } from './test-waves';
import { countLabel, waveCounts } from './wave-view';

describe('waveCounts', () => {
  it('counts new waves, unread messages and unread waves from the server’s flags', () => {
    const counts = waveCounts([
      waveFixture({ id: 1, status: 'pending', unread: true }),
      waveFixture({ id: 2, status: 'pending', unread: false }),
      waveFixture({ id: 3, status: 'accepted', unread: true, unreadMessages: 3 }),
      waveFixture({ id: 4, status: 'accepted', unread: false }),
    ]);
    expect(counts).toEqual({ newWaves: 1, unreadMessages: 3, unreadWaves: 2, hasUnread: true });
  });

  it('has nothing to mark read on an empty list', () => {
    expect(waveCounts([]).hasUnread).toBe(false);
  });

  it('words counts in the singular and plural', () => {
    expect(countLabel(1, 'new wave')).toBe('1 new wave');
    expect(countLabel(2, 'unread message')).toBe('2 unread messages');
  });
});
