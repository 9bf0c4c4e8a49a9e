import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterPreviewResponseSchema } from '../../../domain';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildDemo, buildFlight, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { multipartFile, pdfOf } from '../../test/multipart';

// DEFAULT_NOW is 2030-06-15 12:00 GMT (a Saturday; London and New York on summer time).
const TEXT = `17/06/2030 BA112 JFK LHR 2045 0840+1
18/06/2030 BA117 LHR JFK 1530 1835
10/06/2030 BA113 LHR JFK 0900 1155
Wed 19 Jun 2030
BA500 LHR QXQ 0900 1155
20/06/2030 OFF`;

const ICS = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Crew roster app//EN
BEGIN:VEVENT
UID:a@test
SUMMARY:BA0117 LHR-JFK
DTSTART:20300618T143000Z
DTEND:20300618T223500Z
END:VEVENT
BEGIN:VEVENT
UID:b@test
SUMMARY:DHD BA0112 JFK-LHR
DTSTART;TZID=America/New_York:20300620T204500
DTEND;TZID=Europe/London:20300621T084000
END:VEVENT
BEGIN:VEVENT
UID:c@test
SUMMARY:Day off
DTSTART;VALUE=DATE:20300622
END:VEVENT
END:VCALENDAR`;

describe('POST /api/roster/preview (issue 41 item 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: DEFAULT_NOW.toISOString() });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const preview = async (user: { id: number }, options: Omit<InjectOptions, 'method' | 'url'>) =>
    (await injectAs(t.app, user))({ method: 'POST', url: '/api/roster/preview', ...options });

  it('reads pasted text: local times placed as instants, and each flight’s status', async () => {
    const ann = await buildCrew(db());
    // BA117 on 18 June is Ann's already; BA112 on 17 June is listed at another time.
    const mine = await buildFlight(db(), { flightNumber: 'BA117 (1530)', daysAhead: 3 });
    await joinFlight(db(), ann, mine);
    await buildFlight(db(), {
      flightNumber: 'BA112 (2100)',
      origin: 'JFK',
      destination: 'LHR',
      daysAhead: 2,
    });

    const res = await preview(ann, { payload: { text: TEXT } });
    expect(res.statusCode, res.body).toBe(200);
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.format).toBe('text');
    expect(body.layout).toBe('mixed');
    expect(body.reason).toBeNull();
    const [ba112, ba117, ba113, ba500] = body.flights;
    expect(ba112).toMatchObject({
      flightNumber: 'BA112',
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2030-06-17',
      departureTime: '20:45',
      arrivalTime: '08:40',
      arrivalDayOffset: 1,
      // 20:45 in New York (EDT) is 00:45 GMT the next day; 08:40 in London (BST) is 07:40 GMT.
      utc: { departure: '2030-06-18T00:45:00.000Z', arrival: '2030-06-18T07:40:00.000Z' },
      durationMinutes: 415,
      status: 'listed-other-time',
      listedTime: '21:00',
      sourceLine: '17/06/2030 BA112 JFK LHR 2045 0840+1',
      positioning: false,
    });
    expect(ba117).toMatchObject({
      status: 'yours',
      utc: { departure: '2030-06-18T14:30:00.000Z' },
    });
    expect(ba113).toMatchObject({ status: 'past' });
    // Under a CrewLink date any code reads as an airport (the spec's rule): shown, never placed.
    expect(ba500).toMatchObject({
      status: 'unknown-airport',
      utc: { departure: null, arrival: null },
    });
    expect(body.ignored).toEqual([
      {
        line: '20/06/2030 OFF',
        lineNumber: 6,
        code: 'NOT_FLIGHT',
        reason: 'Not a flight: day off (OFF)',
      },
    ]);
  });

  it('says what a re-import changes among the member’s flights on the roster’s days (item 5)', async () => {
    const ann = await buildCrew(db());
    const bob = await buildCrew(db());
    const on = async (overrides: Parameters<typeof buildFlight>[1]) => {
      const flight = await buildFlight(db(), overrides);
      await joinFlight(db(), ann, flight);
      return flight;
    };
    // 18 June: listed as the roster has it (15:30 in London is 14:30 GMT).
    await on({ flightNumber: 'BA117 (1430)', time: '14:30', daysAhead: 3 });
    // 20 June: the roster's 09:00 London is 08:00 GMT; the flight is listed at 09:00 GMT.
    const moved = await on({ flightNumber: 'BA113 (0900)', time: '09:00', daysAhead: 5 });
    // 19 June, inside the roster's days but not on it: offered for leaving.
    const dropped = await on({ flightNumber: 'BA175 (1000)', time: '10:00', daysAhead: 4 });
    // 22 June, after the roster's last day: not the roster's business. Bob's flight neither.
    await on({ flightNumber: 'BA200 (1000)', time: '10:00', daysAhead: 7 });
    const notAnns = await buildFlight(db(), {
      flightNumber: 'BA300 (1000)',
      time: '10:00',
      daysAhead: 4,
    });
    await joinFlight(db(), bob, notAnns);

    const res = await preview(ann, {
      payload: { text: '18/06/2030 BA117 LHR JFK 1530 1835\n20/06/2030 BA113 LHR JFK 0900 1155' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { changes } = rosterPreviewResponseSchema.parse(res.json());
    expect(changes).toEqual({
      range: { from: '2030-06-18', to: '2030-06-20' },
      changed: [
        {
          flight: expect.objectContaining({ id: moved.id, flightNumber: 'BA113 (0900)' }),
          localDate: '2030-06-20',
          listedTime: '09:00',
          rosterTime: '08:00',
        },
      ],
      removed: [
        {
          flight: expect.objectContaining({ id: dropped.id, flightNumber: 'BA175 (1000)' }),
          localDate: '2030-06-19',
        },
      ],
    });
  });

  it('reads times marked UTC as UTC', async () => {
    const ann = await buildCrew(db());
    const res = await preview(ann, {
      payload: {
        text: '20/06/2030 BA117 LHR JFK 1430Z 2235Z\n21/06/2030 BA113 LHR JFK 0900 1155 UTC',
      },
    });
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.flights.map((f) => [f.departureTime, f.arrivalTime, f.utc.departure])).toEqual([
      ['15:30', '18:35', '2030-06-20T14:30:00.000Z'],
      ['10:00', '07:55', '2030-06-21T09:00:00.000Z'],
    ]);
  });

  it('reads an ICS calendar: zoned and UTC times, positioning, duties skipped', async () => {
    const ann = await buildCrew(db());
    const res = await preview(ann, multipartFile('roster.ics', ICS, { type: 'text/calendar' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body).toMatchObject({ format: 'ics', layout: 'ics', reason: null });
    expect(
      body.flights.map((f) => [
        f.flightNumber,
        f.departureDate,
        f.departureTime,
        f.arrivalTime,
        f.arrivalDayOffset,
        f.positioning,
      ]),
    ).toEqual([
      ['BA117', '2030-06-18', '15:30', '18:35', 0, false],
      ['BA112', '2030-06-20', '20:45', '08:40', 1, true],
    ]);
    expect(body.ignored.map((i) => i.code)).toEqual(['NOT_FLIGHT']);
  });

  it('reads an HTML export, one line per table row', async () => {
    const ann = await buildCrew(db());
    const html = `<html><head><title>AIMS eCrew</title><style>td{}</style></head><body>
      <table><tr><th>Date</th><th>Duty</th><th>Dep</th><th>From</th><th>Arr</th><th>To</th></tr>
      <tr><td>18Jun30</td><td>BA0117</td><td>1530</td><td>LHR</td><td>1835</td><td>JFK</td></tr>
      <tr><td>19Jun30</td><td>OFF</td><td></td><td></td><td></td><td></td></tr></table></body></html>`;
    const res = await preview(ann, multipartFile('schedule.htm', html, { type: 'text/html' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.format).toBe('html');
    expect(
      body.flights.map(
        (f) =>
          `${f.flightNumber} ${f.departureDate} ${f.origin} ${f.destination} ${f.departureTime}`,
      ),
    ).toEqual(['BA117 2030-06-18 LHR JFK 15:30']);
  });

  it('reads a PDF roster through its text', async () => {
    const ann = await buildCrew(db());
    const pdf = await pdfOf([
      'ROSTER JUNE 2030',
      '18/06/2030  BA0117  LHR  JFK  1530  1835',
      '19/06/2030  OFF',
    ]);
    const res = await preview(ann, multipartFile('roster.pdf', pdf, { type: 'application/pdf' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.format).toBe('pdf');
    expect(
      body.flights.map((f) => `${f.flightNumber} ${f.departureDate} ${f.departureTime}`),
    ).toEqual(['BA117 2030-06-18 15:30']);
  });

  it('says why when nothing is found, never "No BA flights"', async () => {
    const ann = await buildCrew(db());
    const res = await preview(ann, { payload: { text: 'BA0117 LHR JFK 1530 1835' } });
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.flights).toEqual([]);
    expect(body.reason).toMatch(/^No dates found/);
  });

  it('refuses empty input, other file types, oversize and unreadable files with a clear 4xx', async () => {
    const ann = await buildCrew(db());
    const empty = await preview(ann, { payload: { text: '  \n ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'EMPTY_ROSTER' });
    const emptyFile = await preview(ann, multipartFile('roster.txt', ''));
    expect(emptyFile.json()).toMatchObject({ code: 'EMPTY_ROSTER' });

    const docx = await preview(ann, multipartFile('roster.docx', 'PK...'));
    expect(docx.statusCode).toBe(415);
    expect(docx.json().message).toMatch(/\.txt, \.csv, \.ics, \.html, \.htm, \.pdf/);

    const big = await preview(ann, multipartFile('roster.txt', 'x'.repeat(2 * 1024 * 1024 + 1)));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });

    const broken = await preview(ann, multipartFile('roster.pdf', 'not a pdf at all'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'UNREADABLE_FILE' });

    // Brackets in a file are not JSON nesting: the depth pre-scan leaves multipart alone.
    const brackets = await preview(
      ann,
      multipartFile('roster.txt', `${'['.repeat(200)}\n18/06/2030 BA117 LHR JFK 1530 1835`),
    );
    expect(brackets.statusCode, brackets.body).toBe(200);
  });

  it('says what is wrong with a calendar that is not one, or has no events', async () => {
    const ann = await buildCrew(db());
    const notIcs = await preview(ann, multipartFile('roster.ics', 'Sun 29 Nov BA0117 LHR JFK'));
    expect(notIcs.statusCode).toBe(400);
    expect(notIcs.json()).toMatchObject({ code: 'UNREADABLE_FILE' });
    const empty = await preview(
      ann,
      multipartFile('roster.ics', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR'),
    );
    expect(rosterPreviewResponseSchema.parse(empty.json())).toMatchObject({
      flights: [],
      reason: 'No events found in this calendar file',
    });
  });

  it('reads a CSV export', async () => {
    const ann = await buildCrew(db());
    const csv =
      'Date,Flight,From,To,Dep,Arr\r\n"18/06/2030","BA0117","LHR","JFK","15:30","18:35"\r\n';
    const res = await preview(ann, multipartFile('roster.csv', csv, { type: 'text/csv' }));
    const body = rosterPreviewResponseSchema.parse(res.json());
    expect(body.format).toBe('csv');
    expect(
      body.flights.map((f) => `${f.flightNumber} ${f.departureDate} ${f.departureTime}`),
    ).toEqual(['BA117 2030-06-18 15:30']);
  });

  it('refuses the demo account and anyone signed out', async () => {
    const demo = await buildDemo(db());
    const refused = await preview(demo, { payload: { text: TEXT } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/roster/preview',
      payload: { text: TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
