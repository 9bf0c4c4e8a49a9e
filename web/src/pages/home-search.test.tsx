import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aFlightListItem } from '../test/flights';
import { signedInClient } from '../test/session';
import { ok, stubServer } from '../test/stub-server';
import { HomePage } from './home-page';

const ba117 = aFlightListItem({ duration: '8h 30m', crewCount: 1, onlineCrewCount: 0 });

function renderHome() {
  // BA117 flies on a later day: a Today or Tomorrow search finds nothing, all dates finds it.
  const server = stubServer({
    'GET /api/flights': ok([]),
    'POST /api/flights/search': (body) =>
      ok((body as { dateFilterMode?: string }).dateFilterMode ? [] : [ba117]),
  });
  const client = signedInClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const searches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/flights/search').map((c) => c.body);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Home search with the day filter on', () => {
  it.each([
    ['Today', 'today'],
    ['Tomorrow', 'tomorrow'],
  ])(
    'says nothing matches %s and one tap searches all dates, keeping the query',
    async (button, words) => {
      const { calls } = renderHome();
      fireEvent.click(screen.getByRole('button', { name: button }));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search flights' }), {
        target: { value: 'BA117' },
      });

      expect(await screen.findByText(`No flights match "BA117" ${words}`)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Search all dates' }));

      expect(screen.getByRole('button', { name: button }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      expect(
        (screen.getByRole('searchbox', { name: 'Search flights' }) as HTMLInputElement).value,
      ).toBe('BA117');
      expect(await screen.findByText(/BA117/, { selector: 'h3, a, span, p' })).toBeTruthy();
      await waitFor(() => expect(searches(calls).at(-1)).toEqual({ query: 'BA117' }));
      expect(screen.queryByRole('button', { name: 'Search all dates' })).toBeNull();
    },
  );

  it('names both days when Today and Tomorrow are on', async () => {
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search flights' }), {
      target: { value: 'ba 117' },
    });
    expect(await screen.findByText('No flights match "ba 117" today or tomorrow')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search all dates' })).toBeTruthy();
  });
});
