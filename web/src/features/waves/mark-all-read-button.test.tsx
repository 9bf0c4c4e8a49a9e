import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInClient } from '../../test/session';
import { ok, stubServer } from '../../test/stub-server';
import { MarkAllReadButton } from './mark-all-read-button';
import { waveFixture } from './test-waves';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(isDemoUser: boolean) {
  // One unread wave to the viewer: the button is offered.
  const server = stubServer({
    'GET /api/waves': ok([waveFixture({ receiverId: 2, unread: true })]),
    'POST /api/waves/read-all': ok({ success: true }),
  });
  const client = signedInClient({ id: 2, isDemoUser });
  render(
    <QueryClientProvider client={client}>
      <MarkAllReadButton />
    </QueryClientProvider>,
  );
  return server;
}

describe('MarkAllReadButton', () => {
  it('is disabled for a demo account and says why, sending nothing', async () => {
    const server = renderButton(true);
    const button = (await screen.findByRole('button', {
      name: 'Mark all as read',
    })) as HTMLButtonElement;
    const reason = 'Demo users cannot mark waves as read. This action is restricted in demo mode.';
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-description')).toBe(reason);
    expect(button.parentElement?.title).toBe(reason);
    fireEvent.click(button);
    expect(server.writes()).toEqual([]);
  });

  it('is enabled for a crew member', async () => {
    renderButton(false);
    const button = (await screen.findByRole('button', {
      name: 'Mark all as read',
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-description')).toBeNull();
  });
});
