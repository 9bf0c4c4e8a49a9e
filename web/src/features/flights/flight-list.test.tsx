import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { aFlightListItem } from '../../test/flights';
import { FlightList } from './flight-list';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// BA117 departs 15:30 GMT on 10 June 2999.
const flight = aFlightListItem();

function showList() {
  render(
    <MemoryRouter>
      <FlightList flights={[flight]} sort="dateAndTime" />
    </MemoryRouter>,
  );
  const items = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
  const markerAt = items.findIndex((item) => item.dataset.testid === 'time-marker');
  const cardAt = items.findIndex((item) => within(item).queryByText('BA117'));
  return { departedGroup: cardAt < markerAt, card: within(items[cardAt]!) };
}

it('puts a flight departing this minute in the departed group, and its card says so', () => {
  vi.setSystemTime(new Date('2999-06-10T15:30:20.000Z'));
  const { departedGroup, card } = showList();
  expect(departedGroup).toBe(true);
  expect(card.getByText('Departed')).toBeTruthy();
});

it('keeps it upcoming in the minute before, and moves card and group together as the minute turns', () => {
  vi.setSystemTime(new Date('2999-06-10T15:29:58.000Z'));
  const first = showList();
  expect(first.departedGroup).toBe(false);
  expect(first.card.getByText('Departing today')).toBeTruthy();
  act(() => vi.advanceTimersByTime(2_000));
  expect(screen.getByText('Departed')).toBeTruthy();
  const items = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
  expect(items[0]!.dataset.testid).not.toBe('time-marker');
});
