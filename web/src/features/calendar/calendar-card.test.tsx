import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { stubServer } from '../../test/stub-server';
import { shownToast } from '../../test/toasts';
import { CalendarCard } from './calendar-card';

const URL_ = 'http://localhost:5173/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CalendarCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the calendar card', () => {
  it('makes an address on request and shows it once, ready to copy and to open in Calendar', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = stubServer({
      'GET /api/user/calendar': { body: { enabled: false, createdAt: null } },
      'POST /api/user/calendar': {
        status: 201,
        body: {
          enabled: true,
          createdAt: '2030-06-15T12:00:00.000Z',
          url: URL_,
          webcalUrl: URL_.replace('http:', 'webcal:'),
        },
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Get calendar address' }));
    const box = (await screen.findByLabelText(/Your calendar address/)) as HTMLInputElement;
    expect(box.value).toBe(URL_);
    expect(screen.getByRole('link', { name: 'Open in Calendar' }).getAttribute('href')).toBe(
      URL_.replace('http:', 'webcal:'),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    });
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(await shownToast('Address copied')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/user/calendar',
      'POST /api/user/calendar',
    ]);
    // Made: the next step is a new address or turning it off.
    expect(screen.getByRole('button', { name: 'New address' })).toBeTruthy();
  });

  it('an address made earlier is not shown again; Turn off asks first, then ends it', async () => {
    const { calls } = stubServer({
      'GET /api/user/calendar': { body: { enabled: true, createdAt: '2030-06-01T09:00:00.000Z' } },
      'DELETE /api/user/calendar': { body: { success: true } },
    });
    renderCard();
    expect(await screen.findByText(/^On since/)).toBeTruthy();
    expect(screen.queryByLabelText(/Your calendar address/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await shownToast('Calendar feed turned off')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(await screen.findByRole('button', { name: 'Get calendar address' })).toBeTruthy();
  });

  it('says so when the address cannot be made, and shows none', async () => {
    stubServer({
      'GET /api/user/calendar': { body: { enabled: false, createdAt: null } },
      'POST /api/user/calendar': {
        status: 429,
        body: { message: 'You are doing that too often. Please wait a moment and try again.' },
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Get calendar address' }));
    expect(await shownToast('Calendar address not made')).toMatchObject({
      type: 'error',
      description: 'You are doing that too often. Please wait a moment and try again.',
    });
    expect(screen.queryByLabelText(/Your calendar address/)).toBeNull();
  });
});
