import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { stubServer } from '../test/stub-server';
import { AppRouter } from './app-router';
import { routes } from './routes';

// The sign-in screen's code arrives when the test says: a slow link or a busy phone.
const signInCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('../pages/sign-in-page', async (importOriginal) => {
  await signInCode.arrived;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('once Sign In is chosen, the landing takes no more typing while the sign-in screen loads', async () => {
  stubServer({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('link', { name: 'Sign In with Passcode' }));

  // The landing has a 'Work email' field too: typed into, it would be lost with the landing.
  expect(screen.queryByRole('textbox', { name: 'Work email' })).toBeNull();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

  await act(async () => signInCode.release());
  const email = await screen.findByRole('textbox', { name: 'Work email' });
  expect(email.id).toBe('signin-email');
  fireEvent.change(email, { target: { value: 'crew@ba.com' } });
  expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Work email' }) as HTMLInputElement).value).toBe(
    'crew@ba.com',
  );
});
