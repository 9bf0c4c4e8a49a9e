import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

/** The device's network state as the browser reports it, changed the way the browser does. */
function network(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}
const announce = (online: boolean) => {
  network(online);
  act(() => window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};
const banner = () => screen.queryByRole('status');

describe('<OfflineBanner>', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says so at once when the app opens without a network, and goes when it is back', () => {
    network(false);
    render(<OfflineBanner />);
    expect(banner()?.textContent).toBe("You're offline");
    announce(true);
    expect(banner()).toBeNull();
  });

  it('shows nothing online, and appears when the network goes', () => {
    network(true);
    render(<OfflineBanner />);
    expect(banner()).toBeNull();
    announce(false);
    expect(banner()?.textContent).toBe("You're offline");
  });
});
