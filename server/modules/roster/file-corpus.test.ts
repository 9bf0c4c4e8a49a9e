import { describe, expect, it } from 'vitest';
import { rosterCorpus } from '../../../domain/roster/fixtures';
import {
  describeFigures,
  flightSummary,
  measureCorpus,
} from '../../../domain/roster/fixtures/measure';
import { parseRoster } from '../../../domain/roster/parser';
import { previewRow } from '../../../domain/roster/preview';
import { type FileFixture, fileCorpus } from './fixtures';
import { yearLongCalendar } from './fixtures/calendars';
import { readRosterInput } from './service';

/** A file fixture read as the preview reads it, each flight as the corpus writes flights. */
async function readFixture(fixture: FileFixture) {
  const content = typeof fixture.content === 'string' ? fixture.content : await fixture.content();
  const read = await readRosterInput(
    { kind: 'file', format: fixture.format, bytes: Buffer.from(content) },
    fixture.today,
  );
  const now = new Date(`${fixture.today}T00:00:00.000Z`);
  const rows = read.flights.map((f) => previewRow(f, now));
  return {
    read,
    rows,
    summaries: rows.map((r) =>
      flightSummary({
        flightNumber: r.flightNumber,
        date: r.departureDate,
        origin: r.origin,
        destination: r.destination,
        departureTime: r.departureTime,
        arrivalTime: r.arrivalTime,
        arrivalDayOffset: r.arrivalDayOffset,
        durationMinutes: r.durationMinutes,
      }),
    ),
  };
}

describe('the uploaded-file corpus (issue 41 item 3)', () => {
  it.each(fileCorpus.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const { read, rows, summaries } = await readFixture(fixture);
    expect(summaries).toEqual(fixture.expected);
    expect(
      rows.filter((r) => r.positioning).map((r) => `${r.flightNumber} ${r.departureDate}`),
    ).toEqual(fixture.positioning ?? []);
    const skipped = read.ignored.map((i) => `${i.code} ${i.line}: ${i.reason}`);
    expect(skipped, skipped.join('\n')).toHaveLength(fixture.skipped);
    for (const { reason } of read.ignored) expect(reason).not.toBe('');
    if (fixture.expected.length === 0) expect(read.reason).toMatch(/^Line \d+: Column roster/);
  });

  it('adds up with the text corpus: at least 98% found and no wrong flight', async () => {
    const text = measureCorpus(rosterCorpus, parseRoster);
    let expected = text.expected;
    let found = text.found;
    let wrong = text.wrong;
    let skipped = text.skipped;
    for (const fixture of fileCorpus) {
      const { read, summaries } = await readFixture(fixture);
      const left = [...fixture.expected];
      for (const summary of summaries) {
        const at = left.indexOf(summary);
        if (at === -1) wrong++;
        else {
          left.splice(at, 1);
          found++;
        }
      }
      expected += fixture.expected.length;
      skipped += read.ignored.length;
    }
    console.log(
      `Roster corpus with files: ${describeFigures({ ...text, rosters: rosterCorpus.length + fileCorpus.length, expected, found, wrong, missed: expected - found, skipped })}`,
    );
    expect(wrong).toBe(0);
    expect(found / expected).toBeGreaterThanOrEqual(0.98);
  });

  it('reads a year-long calendar quickly', async () => {
    const started = performance.now();
    const read = await readRosterInput(
      { kind: 'file', format: 'ics', bytes: Buffer.from(yearLongCalendar()) },
      '2026-01-01',
    );
    const now = new Date('2026-01-01T00:00:00.000Z');
    read.flights.map((f) => previewRow(f, now));
    expect(read.flights).toHaveLength(244);
    // Generous for a shared CI machine; the bench reports the real figure (tens of ms).
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
