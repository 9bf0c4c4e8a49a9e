import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RosterPreviewFlight, RosterPreviewResponse } from '../../../../domain';
import { ROSTER_MESSAGES, ROSTER_REASONS } from '../../../../domain';
import { Toaster } from '../../components/ui/toast';
import { signedInClient } from '../../test/session';
import { ok, stubServer } from '../../test/stub-server';
import { shownToast } from '../../test/toasts';
import { RosterUpload } from './roster-upload';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderUpload() {
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter initialEntries={['/upload-roster']}>
        <RosterUpload />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Roster text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
}

const flight = (over: Partial<RosterPreviewFlight>): RosterPreviewFlight => ({
  flightNumber: 'BA117',
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-01',
  departureTime: '15:30',
  arrivalTime: '18:35',
  arrivalDayOffset: 0,
  durationMinutes: 485,
  utc: { departure: '2026-12-01T15:30:00.000Z', arrival: '2026-12-01T23:35:00.000Z' },
  positioning: false,
  sourceLine: '01/12/2026 BA0117 LHR JFK 1530 1835',
  status: 'new',
  listedTime: null,
  listedDestination: null,
  ...over,
});

const answer = (over: Partial<RosterPreviewResponse>): RosterPreviewResponse => ({
  flights: [],
  ignored: [],
  layout: 'dated-lines',
  format: 'text',
  reason: null,
  changes: { range: null, changed: [], removed: [] },
  ...over,
});

const FOUND = answer({
  flights: [
    flight({}),
    flight({
      flightNumber: 'BA112',
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-02',
      departureTime: '20:45',
      arrivalTime: '08:40',
      arrivalDayOffset: 1,
      utc: { departure: '2026-12-03T01:45:00.000Z', arrival: '2026-12-03T08:40:00.000Z' },
      positioning: true,
      sourceLine: '02/12/2026 DHD BA0112 JFK LHR 2045 0840+1',
    }),
    flight({ flightNumber: 'BA15', departureDate: '2026-12-03', status: 'yours' }),
    flight({ flightNumber: 'BA113', departureDate: '2026-11-01', status: 'past' }),
    flight({
      flightNumber: 'BA500',
      destination: 'QQQ',
      status: 'unknown-airport',
      utc: { departure: null, arrival: null },
    }),
    flight({
      flightNumber: 'BA7',
      departureDate: '2026-12-04',
      utc: { departure: '2026-12-04T15:30:00.000Z', arrival: '2026-12-04T23:35:00.000Z' },
      status: 'listed-other-time',
      listedTime: '16:00',
      // The key has no destination: the flight is listed to another one, and the row says so.
      listedDestination: 'EWR',
    }),
  ],
  ignored: [
    {
      line: '30/11/2026 LAYOVER JFK',
      lineNumber: 2,
      code: 'NOT_FLIGHT',
      reason: 'Not a flight: layover (LAYOVER)',
    },
  ],
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Flights found' })).getAllByRole('listitem');
const box = (row: HTMLElement) => within(row).getByRole('checkbox') as HTMLInputElement;

describe('Upload Roster: the review of what the server read', () => {
  it('sends the pasted text to the preview and lists each flight with its status, local and GMT times', async () => {
    const server = stubServer({ 'POST /api/roster/preview': ok(FOUND) });
    renderUpload();
    paste('01/12/2026 BA0117 LHR JFK 1530 1835');

    expect(await screen.findByRole('heading', { name: 'Found 6 flights:' })).toBeTruthy();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/roster/preview',
        body: { text: '01/12/2026 BA0117 LHR JFK 1530 1835' },
      },
    ]);
    const [ba117, ba112, mine, past, unknown, other] = rows() as HTMLElement[];
    expect(within(ba117!).getByText('Departs 15:30 LHR')).toBeTruthy();
    expect(within(ba117!).getByText('New')).toBeTruthy();
    // 20:45 in New York is 01:45 GMT the next day.
    expect(within(ba112!).getByText('01:45 GMT +1')).toBeTruthy();
    expect(within(ba112!).getByText('Arrives 08:40 +1 LHR')).toBeTruthy();
    expect(within(ba112!).getByText('Positioning')).toBeTruthy();
    expect(within(ba112!).getByText('02/12/2026 DHD BA0112 JFK LHR 2045 0840+1')).toBeTruthy();
    expect(within(mine!).getByText('Already yours')).toBeTruthy();
    expect(within(other!).getByText('Listed at 16:00')).toBeTruthy();
    expect(within(other!).getByText('Listed to EWR')).toBeTruthy();
    expect(within(ba117!).queryByText(/Listed to/)).toBeNull();

    expect(box(ba117!).checked).toBe(true);
    expect(box(mine!).checked).toBe(false);
    expect(box(other!).checked).toBe(true);
    for (const row of [past!, unknown!]) {
      expect(box(row).disabled).toBe(true);
      expect(box(row).checked).toBe(false);
    }
    expect(within(past!).getByText('Past')).toBeTruthy();
    expect(within(unknown!).getByText('Unknown airport')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add 3 Flights' })).toBeTruthy();

    fireEvent.click(box(ba117!));
    fireEvent.click(box(other!));
    expect(screen.getByRole('button', { name: 'Add 1 Flight' })).toBeTruthy();

    const notRead = within(screen.getByRole('list', { name: 'Lines not read' })).getAllByRole(
      'listitem',
    );
    expect(notRead.map((li) => li.textContent)).toEqual([
      'Not a flightNot a flight: layover (LAYOVER)Line 2: 30/11/2026 LAYOVER JFK',
    ]);
  });

  it('says why nothing was found in the server’s words, never "No BA flights"', async () => {
    stubServer({
      'POST /api/roster/preview': ok(
        answer({
          layout: 'undated',
          reason: ROSTER_REASONS.noDates,
          ignored: [
            {
              line: 'BA0117 LHR JFK 1530 1835',
              lineNumber: 1,
              code: 'NO_DATE',
              reason: ROSTER_REASONS.noDate,
            },
          ],
        }),
      ),
    });
    renderUpload();
    paste('BA0117 LHR JFK 1530 1835');
    expect(await shownToast(ROSTER_MESSAGES.noFlights)).toMatchObject({
      type: 'error',
      description: ROSTER_REASONS.noDates,
      duration: undefined,
      id: 'roster-parse',
    });
    expect(screen.queryByRole('list', { name: 'Flights found' })).toBeNull();
    expect(screen.getByText('Line 1: BA0117 LHR JFK 1530 1835')).toBeTruthy();
  });

  it("keeps 'Empty Roster' for an empty paste, without asking the server", async () => {
    const server = stubServer({});
    renderUpload();
    fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
    expect(await shownToast(ROSTER_MESSAGES.empty)).toMatchObject({
      type: 'error',
      description: 'Please paste your roster text first.',
      duration: undefined,
      id: 'roster-parse',
    });
    expect(server.calls).toEqual([]);
  });

  it('uploads a chosen file as multipart and shows what it held', async () => {
    let sent: unknown;
    stubServer({
      'POST /api/roster/preview': (body) => {
        sent = body;
        return ok(answer({ format: 'ics', layout: 'ics', flights: [flight({})] }));
      },
    });
    renderUpload();
    const file = new File(['BEGIN:VCALENDAR'], 'roster.ics', { type: 'text/calendar' });
    fireEvent.change(screen.getByLabelText('Or upload your roster file'), {
      target: { files: [file] },
    });
    expect(screen.getByText('roster.ics')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));

    expect(await screen.findByRole('heading', { name: 'Found 1 flight:' })).toBeTruthy();
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('roster.ics');
  });

  it('shows the server’s refusal of a file (type, size, unreadable) as the parse error', async () => {
    stubServer({
      'POST /api/roster/preview': {
        status: 415,
        body: { message: 'Choose a roster file ending .txt, .csv, .ics, .html, .htm, .pdf' },
      },
    });
    renderUpload();
    const file = new File(['x'], 'roster.docx');
    fireEvent.change(screen.getByLabelText('Or upload your roster file'), {
      target: { files: [file] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
    expect(await shownToast(ROSTER_MESSAGES.parseError)).toMatchObject({
      type: 'error',
      description: 'Choose a roster file ending .txt, .csv, .ics, .html, .htm, .pdf',
      duration: undefined,
      id: 'roster-parse',
    });
  });

  it('says a file over 2 MB is too large without uploading it', async () => {
    const server = stubServer({});
    renderUpload();
    const file = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'roster.pdf');
    fireEvent.change(screen.getByLabelText('Or upload your roster file'), {
      target: { files: [file] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Parse Roster' }));
    expect(await shownToast(ROSTER_MESSAGES.parseError)).toMatchObject({
      type: 'error',
      description: 'This file is larger than 2 MB: choose a roster of one month or one year',
      duration: undefined,
      id: 'roster-parse',
    });
    expect(server.calls).toEqual([]);
  });

  it('adds the selected flights at the GMT time and UTC day of their departure, and names each one that failed', async () => {
    const detail = 'BA7 (1530) LHR-JFK 2026-12-04: Different Departure Time';
    const server = stubServer({
      'POST /api/roster/preview': ok(FOUND),
      'POST /api/flights/batch': ok({
        results: { created: 1, existing: 0, failed: 1, joined: 0 },
        existingFlights: [],
        errorDetails: [detail],
        message: '',
      }),
    });
    renderUpload();
    paste('01/12/2026 BA0117 LHR JFK 1530 1835');
    await screen.findByRole('heading', { name: 'Found 6 flights:' });
    fireEvent.click(box(rows()[1] as HTMLElement));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 Flights' }));

    const added = await shownToast('Flights Added');
    expect(server.writes()[1]?.body).toEqual({
      flights: [
        {
          flightNumber: 'BA117 (1530)',
          departureDate: '2026-12-01T00:00:00.000Z',
          origin: 'LHR',
          destination: 'JFK',
          duration: '8h 05m',
        },
        {
          flightNumber: 'BA7 (1530)',
          departureDate: '2026-12-04T00:00:00.000Z',
          origin: 'LHR',
          destination: 'JFK',
          duration: '8h 05m',
        },
      ],
    });
    expect(added).toMatchObject({
      type: 'success',
      description: `1 flight added, 1 failed. Failed: ${detail}`,
      duration: 5000,
    });
  });

  it('shows a re-import’s changes and leaves the flights no longer on the roster, after confirming', async () => {
    const summary = (id: number, flightNumber: string, day: string) => ({
      id,
      flightNumber,
      origin: 'LHR',
      destination: 'JFK',
      departureDate: `${day}T00:00:00.000Z`,
    });
    const server = stubServer({
      'POST /api/roster/preview': ok(
        answer({
          flights: [flight({ status: 'yours' })],
          changes: {
            range: { from: '2026-12-01', to: '2026-12-05' },
            changed: [
              {
                flight: summary(7, 'BA113 (0900)', '2026-12-03'),
                localDate: '2026-12-03',
                listedTime: '09:00',
                rosterTime: '08:00',
              },
            ],
            removed: [
              { flight: summary(8, 'BA175 (1000)', '2026-12-02'), localDate: '2026-12-02' },
              // 20:45 in New York on 3 Dec departs on 4 Dec GMT: the roster's day is shown.
              { flight: summary(9, 'BA177 (0145)', '2026-12-04'), localDate: '2026-12-03' },
            ],
          },
        }),
      ),
      'POST /api/flight-crew/leave': ok({ left: [8], refused: [], wavesWithdrawn: 1 }),
    });
    renderUpload();
    paste('01/12/2026 BA0117 LHR JFK 1530 1835');
    await screen.findByRole('heading', { name: 'Changes to your flights' });
    expect(
      screen.getByText(
        /BA113 LHR to JFK, .*: listed departing 09:00 GMT; your roster says 08:00 GMT/,
      ),
    ).toBeTruthy();
    const gone = within(screen.getByRole('region', { name: 'No longer on your roster' }));
    const boxes = gone.getAllByRole('checkbox') as HTMLInputElement[];
    expect(gone.getByText(/BA177 LHR to JFK, Thursday, 3 December 2026/)).toBeTruthy();
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    fireEvent.click(boxes[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Leave 1 Flight' }));
    // Nothing is left until the member confirms.
    expect(server.writes().filter((w) => w.path === '/api/flight-crew/leave')).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Leave 1 flight?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await shownToast('Flights left')).toMatchObject({
      type: 'success',
      description: 'You left 1 flight',
    });
    expect(server.writes().find((w) => w.path === '/api/flight-crew/leave')?.body).toEqual({
      flightIds: [8],
    });
    expect(
      within(screen.getByRole('region', { name: 'No longer on your roster' })).getAllByRole(
        'checkbox',
      ),
    ).toHaveLength(1);
  });
});
