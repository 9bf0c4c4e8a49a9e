import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { waveFixture } from '../features/waves/test-waves';
import { signedInClient } from '../test/session';
import { ok, stubServer } from '../test/stub-server';
import { MessagesPage } from './messages-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('says the chat is opening from the tap until its code is in, on a phone', async () => {
  stubServer({
    'GET /api/waves': ok([waveFixture({ status: 'accepted', receiverId: 2 })]),
  });
  const client = signedInClient({ id: 2 });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessagesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Chat' }));
  // The chat's module is asked for on the tap and arrives later.
  expect(screen.getByRole('status').textContent).toBe('Opening chat…');
  await screen.findByRole('dialog');
  expect(screen.queryByText('Opening chat…')).toBeNull();
});
