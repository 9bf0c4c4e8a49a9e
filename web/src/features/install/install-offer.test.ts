import { describe, expect, it } from 'vitest';
import { hasAcceptedConnection, installPlatform, shouldOfferInstall } from './install-offer';

describe('shouldOfferInstall', () => {
  it('offers only after a connection, once, and never inside the installed app', () => {
    const first = { offeredBefore: false, standalone: false, hasConnection: true };
    expect(shouldOfferInstall(first)).toBe(true);
    expect(shouldOfferInstall({ ...first, hasConnection: false })).toBe(false);
    expect(shouldOfferInstall({ ...first, offeredBefore: true })).toBe(false);
    expect(shouldOfferInstall({ ...first, standalone: true })).toBe(false);
  });
});

describe('hasAcceptedConnection', () => {
  it('counts accepted waves only', () => {
    expect(hasAcceptedConnection(undefined)).toBe(false);
    expect(hasAcceptedConnection([])).toBe(false);
    expect(hasAcceptedConnection([{ status: 'pending' }, { status: 'rejected' }])).toBe(false);
    expect(hasAcceptedConnection([{ status: 'pending' }, { status: 'accepted' }])).toBe(true);
  });
});

describe('installPlatform', () => {
  it('tells iOS (iPadOS included), Android and desktop apart', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
    const ipadOs =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0';
    expect(installPlatform(iphone, 5)).toBe('ios');
    expect(installPlatform(ipadOs, 5)).toBe('ios');
    expect(installPlatform(ipadOs, 0)).toBe('desktop');
    expect(installPlatform(android, 5)).toBe('android');
    expect(installPlatform(windows)).toBe('desktop');
  });
});
