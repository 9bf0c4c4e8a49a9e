import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waveKeys } from '../waves';
import { InstallOffer } from './install-dialog';
import { captureInstallPrompt } from './install-event';
import { INSTALL_OFFERED_KEY } from './install-offer';

function setStandalone(standalone: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function mount() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <InstallOffer />
    </QueryClientProvider>,
  );
  return client;
}

/** A wave list update, as the socket or a refetch writes it into the cache. */
async function setWaves(client: QueryClient, statuses: string[]) {
  await act(async () => {
    client.setQueryData(
      waveKeys.list,
      statuses.map((status, id) => ({ id, status })),
    );
  });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Install Jumpseat' });

beforeEach(() => {
  localStorage.clear();
  setStandalone(false);
});
afterEach(cleanup);

describe('InstallOffer', () => {
  it('waits for the first accepted connection, then offers once with every platform', async () => {
    const client = mount();
    await setWaves(client, []);
    await setWaves(client, ['pending']);
    expect(dialog()).toBeNull();
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).toBeNull();

    await setWaves(client, ['pending', 'accepted']);
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole('region', { name: /iPhone and iPad/ }).textContent).toContain(
      'Add to Home Screen',
    );
    expect(screen.getByRole('region', { name: /Android/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Desktop/ })).toBeTruthy();
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(dialog()).toBeNull();

    // A later visit with connections: not offered again.
    cleanup();
    await setWaves(mount(), ['accepted']);
    expect(dialog()).toBeNull();
  });

  it('is not offered inside the installed app', async () => {
    setStandalone(true);
    await setWaves(mount(), ['accepted']);
    expect(dialog()).toBeNull();
  });

  it("'I'll install it' opens the browser's own prompt when it offered one", async () => {
    captureInstallPrompt(window);
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);

    await setWaves(mount(), ['accepted']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "I'll install it" }));
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });
});
