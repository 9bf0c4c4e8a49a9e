import { describe, expect, it } from 'vitest';
import { needsProfileSetup, safeNextPath } from './first-run';

describe('safeNextPath', () => {
  it.each([
    ['/messages?waveId=7', '/messages?waveId=7'],
    ['/flight/12', '/flight/12'],
    ['/profile#privacy', '/profile#privacy'],
    ['/chat?waveId=3&x=%2F%2Fevil', '/chat?waveId=3&x=%2F%2Fevil'],
  ])('honours the same-origin path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['//evil.example'],
    ['//evil.example/home'],
    ['https://evil.example'],
    ['https:evil.example'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    [' /flight/12'],
    ['flight/12'],
    ['data:text/html,hi'],
    [`/${'a'.repeat(2000)}`],
  ])('ignores %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it.each(['/', '/login', '/passcode?email=a@ba.com', '/register'])(
    'never returns to a sign-in page (%s)',
    (raw) => {
      expect(safeNextPath(raw)).toBeNull();
    },
  );
});

describe('needsProfileSetup', () => {
  const fresh = {
    nickname: null,
    role: 'IFL',
    isAdmin: false,
    isDemoUser: false,
    profileSetupDoneAt: null,
  };

  it('sends a member without a nickname or a rank to setup', () => {
    expect(needsProfileSetup(fresh)).toBe(true);
    expect(needsProfileSetup({ ...fresh, nickname: 'Sky', role: null })).toBe(true);
  });

  it('not once the member saved or skipped it', () => {
    expect(needsProfileSetup({ ...fresh, profileSetupDoneAt: '2030-01-01T00:00:00.000Z' })).toBe(
      false,
    );
  });

  it('not when the profile is complete, nor for admins and demo accounts', () => {
    expect(needsProfileSetup({ ...fresh, nickname: 'Sky' })).toBe(false);
    expect(needsProfileSetup({ ...fresh, isAdmin: true })).toBe(false);
    expect(needsProfileSetup({ ...fresh, isDemoUser: true })).toBe(false);
  });
});
