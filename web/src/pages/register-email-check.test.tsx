import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { type Handler, ok, stubServer } from '../test/stub-server';
import { RegisterPage } from './register-page';

// The registration's live e-mail check (accounts spec §5, §7, §8): POST /api/auth/verify-email
// for a settled corporate address; a check that cannot be made says so instead of nothing.

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function typeEmail(check: Handler) {
  const server = stubServer({ 'POST /api/auth/verify-email': check });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: ' Pat@BA.com ' } });
  return server;
}

describe('/register: the e-mail check', () => {
  it('asks POST /api/auth/verify-email with the normalised address', async () => {
    const server = typeEmail(ok({ exists: false, canRenew: false }));
    expect(await screen.findByText('This email is available.')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/api/auth/verify-email')).toEqual([
      { method: 'POST', path: '/api/auth/verify-email', body: { email: 'pat@ba.com' } },
    ]);
  });

  it("says 'Failed to verify email. Please try again.' when the check fails", async () => {
    typeEmail({ status: 500, body: { message: 'Something went wrong. Please try again.' } });
    expect(await screen.findByText('Failed to verify email. Please try again.')).toBeTruthy();
    expect(screen.queryByText('This email is available.')).toBeNull();
  });

  it('a taken address whose membership ended is offered renewal at the field', async () => {
    typeEmail(ok({ exists: true, canRenew: true }));
    expect(await screen.findByText(/already registered/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew your membership' }).getAttribute('href')).toBe(
      '/renew?email=pat%40ba.com',
    );
  });

  it('a taken address that may not renew gets no renewal link', async () => {
    typeEmail(ok({ exists: true, canRenew: false }));
    expect(await screen.findByText(/already registered/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Renew your membership' })).toBeNull();
  });
});
