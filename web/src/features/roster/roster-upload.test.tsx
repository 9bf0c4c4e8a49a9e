import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROSTER_MESSAGES, ROSTER_REASONS } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { signedInClient } from '../../test/session';
import { RosterUpload } from './roster-upload';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderUpload() {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={['/upload-roster']}>
        <RosterUpload />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Roster text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
}

describe('Upload Roster: what the paste found and why the rest was not read', () => {
  it('says a roster without dates has none, rather than that it has no BA flights', () => {
    const error = vi.spyOn(toast, 'error');
    renderUpload();
    paste('BA0117 LHR JFK 1530 1835');

    expect(error).toHaveBeenCalledWith(
      ROSTER_MESSAGES.noFlights,
      ROSTER_REASONS.noDates,
      undefined,
      'roster-parse',
    );
    expect(screen.queryByRole('list', { name: 'Flights found' })).toBeNull();
    const notRead = screen.getByRole('list', { name: 'Lines not read' });
    expect(within(notRead).getByText(ROSTER_REASONS.noDate)).toBeTruthy();
    expect(within(notRead).getByText('Line 1: BA0117 LHR JFK 1530 1835')).toBeTruthy();
  });

  it("names the first line's reason when dated lines hold no flight", () => {
    const error = vi.spyOn(toast, 'error');
    renderUpload();
    paste('Sun 29 Nov OFF\nMon 30 Nov SBY 0500-1700');

    expect(error).toHaveBeenCalledWith(
      ROSTER_MESSAGES.noFlights,
      'Line 1: Not a flight: day off (OFF); 1 more line not read',
      undefined,
      'roster-parse',
    );
    expect(screen.getByRole('heading', { name: '2 lines not read' })).toBeTruthy();
  });

  it('lists the flights found, positioning marked, and under them each line not read with its reason', () => {
    renderUpload();
    paste(
      [
        '29/11/2026 BA0117 LHR 1530 JFK 1835',
        '30/11/2026 LAYOVER JFK',
        '01/12/2026 DHD BA0112 JFK LHR 2045 0840+1',
        '02/12/2026 BA0999 LHR XYZ 0900 1100',
      ].join('\n'),
    );

    expect(screen.getByRole('heading', { name: 'Found 2 flights:' })).toBeTruthy();
    const found = screen.getByRole('list', { name: 'Flights found' });
    const rows = within(found).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('LHR to JFK')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Positioning')).toBeNull();
    expect(within(rows[1]!).getByText('Positioning')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add 2 Flights' })).toBeTruthy();

    const notRead = within(screen.getByRole('list', { name: 'Lines not read' })).getAllByRole(
      'listitem',
    );
    expect(notRead.map((li) => li.textContent)).toEqual([
      'Not a flightNot a flight: layover (LAYOVER)Line 2: 30/11/2026 LAYOVER JFK',
      'CheckUnknown airport: XYZLine 4: 02/12/2026 BA0999 LHR XYZ 0900 1100',
    ]);
  });

  it("reads a date without a year against the member's own today: January pasted in December is next January", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 20, 12, 0));
    renderUpload();
    paste('5 Jan BA0117 LHR JFK 1530 1835');

    const found = screen.getByRole('list', { name: 'Flights found' });
    expect(within(found).getByText('Tuesday, 5 January 2027')).toBeTruthy();
    // One flight is 'Found 1 flight', not '1 flights' (issue 41 item 4).
    expect(screen.getByRole('heading', { name: 'Found 1 flight:' })).toBeTruthy();
  });

  it("keeps 'Empty Roster' for an empty paste", () => {
    const error = vi.spyOn(toast, 'error');
    renderUpload();
    fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
    expect(error).toHaveBeenCalledWith(
      ROSTER_MESSAGES.empty,
      'Please paste your roster text first.',
      undefined,
      'roster-parse',
    );
  });
});
