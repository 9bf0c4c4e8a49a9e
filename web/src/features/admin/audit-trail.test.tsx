import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView, AuditLogPage } from '../../../../domain';
import { createQueryClient } from '../../lib/query-client';
import { AuditTrail } from './audit-trail';

// The audit trail against a stubbed GET /api/admin/audit-log (the server side is built
// separately): the filters and the pager must become the request's query, and each entry must
// read as time, actor, action in words, target and what changed.

const ADMIN = { id: 1, email: 'boss@ba.com', name: 'Alex Admin' };

const entry = (id: number, extra: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  at: '2026-11-20T09:30:00.000Z',
  action: 'user.approve',
  actor: ADMIN,
  target: { type: 'user', id: 42 },
  detail: null,
  ...extra,
});

const EMAIL_CHANGE = entry(900, {
  action: 'user.update_email',
  detail: { email: { from: 'old@ba.com', to: 'new@ba.com' } },
});
const LOCK = entry(899, { action: 'auth.hard_lock', actor: null, detail: { failedAttempts: 5 } });

/** A server of 120 entries: page n holds ids `n*1000 + i`; filters narrow the total. */
function stubAuditLog(answer?: (url: URL) => { status: number; body: unknown } | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://jumpseat.test');
      if (url.pathname !== '/api/admin/audit-log') {
        return { ok: false, status: 404, statusText: '', text: async () => '{}' };
      }
      const custom = answer?.(url);
      if (custom) {
        const text = JSON.stringify(custom.body);
        return {
          ok: custom.status < 400,
          status: custom.status,
          statusText: '',
          text: async () => text,
        };
      }
      const page = Number(url.searchParams.get('page'));
      const filtered = url.searchParams.has('action') || url.searchParams.has('userId');
      const body: AuditLogPage = {
        entries:
          page === 1 && !filtered
            ? [EMAIL_CHANGE, LOCK]
            : [entry(page * 1000 + 1, { action: url.searchParams.get('action') ?? 'user.reject' })],
        total: filtered ? 1 : 120,
        page,
        pageSize: 50,
        actions: [
          'auth.hard_lock',
          'user.approve',
          'user.update_email',
          'user.newer_server_action',
        ],
      };
      const text = JSON.stringify(body);
      return { ok: true, status: 200, statusText: '', text: async () => text };
    }),
  );
}

function renderTrail() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditTrail />
    </QueryClientProvider>,
  );
}

const lastQuery = () => {
  const calls = vi.mocked(fetch).mock.calls;
  return new URL(String(calls.at(-1)?.[0]), 'http://x').searchParams.toString();
};
const rows = () =>
  within(screen.getByRole('table', { name: 'Audit trail' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuditTrail', () => {
  it('reads each entry as time, actor, action in words, target and what changed', async () => {
    stubAuditLog();
    renderTrail();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastQuery()).toBe('page=1');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    const [time, actor, action, target, detail] = cells(rows()[0]!);
    expect(time?.querySelector('time')?.getAttribute('datetime')).toBe(EMAIL_CHANGE.at);
    expect(time?.textContent).toMatch(/20 Nov 2026/);
    expect(actor?.textContent).toContain('Alex Admin');
    expect(action?.textContent).toBe('E-mail changed');
    expect(target?.textContent).toBe('User #42');
    expect(detail?.textContent).toBe('email: old@ba.com → new@ba.com');
    const lock = cells(rows()[1]!);
    expect(lock[1]?.textContent).toBe('System');
    expect(lock[2]?.textContent).toBe('Account locked after failed sign-ins');
    expect(lock[4]?.textContent).toBe('failed attempts: 5');
    expect(screen.getByText('120 entries')).toBeTruthy();
  });

  it('filters by an action from the server’s list, in words, and by member id', async () => {
    stubAuditLog();
    renderTrail();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All actions',
      'Account locked after failed sign-ins',
      'Member approved',
      'E-mail changed',
      'User: newer server action',
    ]);
    fireEvent.change(action, { target: { value: 'user.approve' } });
    await waitFor(() => expect(lastQuery()).toBe('action=user.approve&page=1'));
    await waitFor(() => expect(rows()).toHaveLength(1));

    const member = screen.getByRole('textbox', { name: 'Member id' });
    fireEvent.change(member, { target: { value: '4x' } });
    expect(screen.getByText('A member id is a whole number, e.g. 42.')).toBeTruthy();
    fireEvent.change(member, { target: { value: '42' } });
    await waitFor(() => expect(lastQuery()).toBe('action=user.approve&userId=42&page=1'));
    const sent = vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    expect(sent.some((path) => path.includes('userId=4x') || path.includes('userId=4&'))).toBe(
      false,
    );
  });

  it('pages through the trail and starts again at page 1 when a filter changes', async () => {
    stubAuditLog();
    renderTrail();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(
      (within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(pager).getByText('Page 2 of 3')).toBeTruthy());
    expect(lastQuery()).toBe('page=2');
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Registration rejected'));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toBe('page=3'));
    await waitFor(() =>
      expect(
        (within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'user.update_email' },
    });
    await waitFor(() => expect(lastQuery()).toBe('action=user.update_email&page=1'));
    await waitFor(() => expect(within(pager).getByText('Page 1 of 1')).toBeTruthy());
  });

  it('says so when the trail fails to load, and tries again on request', async () => {
    let fail = true;
    stubAuditLog(() => (fail ? { status: 500, body: { message: 'Internal error' } } : undefined));
    renderTrail();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the audit trail.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
