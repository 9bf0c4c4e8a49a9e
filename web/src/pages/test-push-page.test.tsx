import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../features/auth/api';
import { createQueryClient } from '../lib/query-client';
import { TestPushPage } from './test-push-page';

type Call = { path: string; method: string; body: unknown };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderPage(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = {
        path,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, { id: 3, email: 'a@ba.com', isAdmin: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TestPushPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TestPushPage', () => {
  it('sends a cross-environment test to oneself and shows what it reached', async () => {
    const calls = renderPage(() =>
      json(200, { success: true, results: { websocket: 2, email: false } }),
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send cross-environment test' }));
    expect(await screen.findByText('2 connections reached')).toBeTruthy();
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(calls).toEqual([
      {
        path: '/api/test-cross-env-push',
        method: 'POST',
        body: { targetUserId: null, message: 'Hello there' },
      },
    ]);
  });

  it("shows the server's refusal when targeting another member", async () => {
    const calls = renderPage(() =>
      json(403, { message: 'Only admins can send a test to another member' }),
    );
    fireEvent.change(screen.getByLabelText('Target user ID (optional)'), {
      target: { value: '42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send cross-environment test' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only admins can send a test to another member',
    );
    expect(calls[0]?.body).toEqual({ targetUserId: 42 });
  });

  it('refuses a target that is not an id', () => {
    renderPage(() => json(200, {}));
    fireEvent.change(screen.getByLabelText('Target user ID (optional)'), {
      target: { value: 'abc' },
    });
    expect(screen.getByText('Enter a user ID (digits only) or leave it empty.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Send cross-environment test' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('sends the self test', async () => {
    const calls = renderPage(() => json(200, { message: 'Test notification sent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send self test' }));
    expect(await screen.findByText('Test notification sent')).toBeTruthy();
    expect(calls).toEqual([
      { path: '/api/test-push-notification', method: 'GET', body: undefined },
    ]);
  });
});
