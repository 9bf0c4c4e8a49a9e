import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualFlightForm } from '../features/flights/manual-flight-form';
import { person } from '../features/waves/test-waves';
import { WaveAction } from '../features/waves/wave-action';
import { createQueryClient } from '../lib/query-client';
import { ApprovalsPage } from './approvals-page';
import { ResetPasscodePage } from './reset-passcode-page';

// A double tap lands both clicks before React re-renders the disabled button: only the
// mutation's own guard can stop the second request (issue 14: Wave, Add Flight, Approve and
// 'Get my new PIN' each sent two, then showed an error after the success).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Call = { path: string; method: string };

/** fetch answers GETs from `reads`; every write waits until the test lets it through. */
function stubServer(reads: Record<string, unknown> = {}) {
  const writes: Call[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return new Response(JSON.stringify(reads[path] ?? null));
      writes.push({ path, method });
      await gate;
      return new Response(JSON.stringify({ id: 9, success: true, pin: '1234', email: 'a@b.c' }));
    }),
  );
  return { writes, release };
}

function renderWith(ui: ReactNode, url = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

async function doubleTap(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    fireEvent.click(button);
  });
}

describe('a double tap sends one request', () => {
  it('Wave', async () => {
    const server = stubServer();
    renderWith(
      <WaveAction
        action={{ kind: 'wave', label: 'Wave' }}
        member={{ userId: 2, flightId: 5, user: person(2), waveStatus: { waveId: null } }}
        flight={{ flightNumber: 'BA117', departureDate: '2999-06-10T00:00:00.000Z' }}
        viewer={{ id: 1, isAdmin: false, isDemoUser: false }}
        now={new Date('2999-06-01T00:00:00.000Z')}
      />,
    );
    await doubleTap(screen.getByRole('button', { name: /Wave at/ }));
    expect(server.writes).toEqual([{ path: '/api/waves', method: 'POST' }]);
    server.release();
  });

  it('Add Flight', async () => {
    const server = stubServer();
    renderWith(
      <ManualFlightForm viewer={{ id: 1, isAdmin: false, isDemoUser: false, role: 'IFM' }} />,
    );
    fireEvent.change(screen.getByLabelText('Flight number'), { target: { value: 'BA117' } });
    fireEvent.change(screen.getByLabelText('Flight date'), { target: { value: '2999-06-10' } });
    fireEvent.change(screen.getByLabelText('Destination'), { target: { value: 'JFK' } });
    await doubleTap(screen.getByRole('button', { name: 'Add Flight' }));
    expect(server.writes).toEqual([{ path: '/api/flights', method: 'POST' }]);
    server.release();
  });

  it('Approve', async () => {
    const server = stubServer({
      '/api/admin/pending-approvals': [
        {
          id: 7,
          name: 'Pat Pending',
          email: 'pat@ba.com',
          payment_email: null,
          role: 'CSD',
          created_at: '2999-05-01T00:00:00.000Z',
          membership_type: 'trial',
          effective_expiry_date: null,
        },
      ],
    });
    renderWith(<ApprovalsPage />);
    await doubleTap(await screen.findByRole('button', { name: 'Approve Pat Pending' }));
    expect(server.writes).toEqual([{ path: '/api/admin/approve-user/7', method: 'POST' }]);
    server.release();
  });

  it("'Get my new PIN'", async () => {
    const server = stubServer();
    renderWith(<ResetPasscodePage />, '/reset-passcode?token=abc');
    await doubleTap(screen.getByRole('button', { name: 'Get my new PIN' }));
    expect(server.writes).toEqual([{ path: '/api/auth/reset-passcode', method: 'POST' }]);
    server.release();
  });
});
