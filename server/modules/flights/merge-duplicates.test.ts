// @postgres: moves crew, waves and messages between flights under unique indexes (upserts, subqueries)
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flightKey } from '../../../domain';
import { appMeta, auditLog, flightCrew, flights, messages, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { FLIGHT_KEY_META, flightKeyVersion } from './flight-key-version';
import { mergeDuplicateFlights } from './merge-duplicates';

const NOW = '2030-06-15T12:00:00.000Z';

/**
 * Issue 41: the flights that crew split by spelling ('BA117', 'BA0117', 'BA 117', 'BAW117') on
 * one day and route, as a database holds them from before the flight key, become one flight —
 * nothing lost, one audit entry per merge.
 */
describe('merging the flights one flight key names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(flights);
    await t.database.db.delete(auditLog);
  });
  const db = () => t.database.db;
  const now = () => t.clock.now();
  const mergeAudits = () =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'flight.merged'))
      .orderBy(asc(auditLog.id));

  it('merges four spellings into the oldest, with every crew entry, wave and message', async () => {
    const [ann, ben, cat, dan] = await Promise.all(
      ['ann', 'ben', 'cat', 'dan'].map((n) => buildCrew(db(), { name: n })),
    );
    const oldest = await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    const zero = await buildFlight(db(), { flightNumber: 'BA0117 (1530)' });
    const spaced = await buildFlight(db(), { flightNumber: 'BA 117', time: null });
    const icao = await buildFlight(db(), { flightNumber: 'BAW117 (1530)' });
    // Another day and another number stay apart.
    const otherDay = await buildFlight(db(), { flightNumber: 'BA0117 (1530)', daysAhead: 4 });
    const otherNumber = await buildFlight(db(), { flightNumber: 'BA1170 (1530)' });
    await joinFlight(db(), ann!, oldest);
    await joinFlight(db(), ben!, zero);
    await joinFlight(db(), cat!, spaced);
    await joinFlight(db(), dan!, icao);
    await joinFlight(db(), ann!, zero); // on two spellings: keeps one entry
    await joinFlight(db(), ben!, otherDay);
    const wave = await buildWave(db(), ben!, cat!, zero, { status: 'accepted' });
    await db()
      .insert(messages)
      .values({ waveId: wave.id, senderId: ben!.id, content: 'Same flight!' });

    const result = await mergeDuplicateFlights(db(), now());
    expect(result.merged).toBe(3);

    const left = await db().select().from(flights).orderBy(asc(flights.id));
    expect(left.map((f) => f.id)).toEqual([oldest.id, otherDay.id, otherNumber.id]);
    expect(left.map((f) => f.flightNumber)).toEqual([
      'BA117 (1530)',
      'BA117 (1530)',
      'BA1170 (1530)',
    ]);
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, oldest.id));
    expect(crew.map((c) => c.userId).sort()).toEqual([ann!.id, ben!.id, cat!.id, dan!.id].sort());
    const [moved] = await db().select().from(waves).where(eq(waves.id, wave.id));
    expect(moved?.flightId).toBe(oldest.id);
    const thread = await db().select().from(messages).where(eq(messages.waveId, wave.id));
    expect(thread.map((m) => m.content)).toEqual(['Same flight!']);

    const audits = await mergeAudits();
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => a.targetId)).toEqual([oldest.id, oldest.id, oldest.id]);
    expect(audits.map((a) => (a.detail as { mergedFlightId: number }).mergedFlightId)).toEqual([
      zero.id,
      spaced.id,
      icao.id,
    ]);
    expect(audits[0]!.detail).toMatchObject({ crewMoved: 1, crewAlreadyOn: 1, wavesMoved: 1 });
  });

  it('two conversations of one pair become one: the accepted one, with both threads', async () => {
    const [ann, ben] = await Promise.all([buildCrew(db()), buildCrew(db())]);
    const first = await buildFlight(db(), { flightNumber: 'BA117', time: null });
    const second = await buildFlight(db(), { flightNumber: 'BA0117 (0945)' });
    for (const f of [first, second]) {
      await joinFlight(db(), ann!, f);
      await joinFlight(db(), ben!, f);
    }
    const pending = await buildWave(db(), ann!, ben!, first, { status: 'pending' });
    const accepted = await buildWave(db(), ben!, ann!, second, { status: 'accepted' });
    await db()
      .insert(messages)
      .values([
        { waveId: pending.id, senderId: ann!.id, content: 'Waved on the first spelling' },
        { waveId: accepted.id, senderId: ben!.id, content: 'Hello from the other spelling' },
      ]);

    expect((await mergeDuplicateFlights(db(), now())).merged).toBe(1);

    const pairWaves = await db()
      .select()
      .from(waves)
      .where(inArray(waves.id, [pending.id, accepted.id]));
    expect(pairWaves).toEqual([
      expect.objectContaining({ id: accepted.id, flightId: first.id, status: 'accepted' }),
    ]);
    const thread = await db()
      .select()
      .from(messages)
      .where(eq(messages.waveId, accepted.id))
      .orderBy(asc(messages.id));
    expect(thread.map((m) => m.content)).toEqual([
      'Waved on the first spelling',
      'Hello from the other spelling',
    ]);
    // The untimed survivor takes the time the other spelling had.
    const [flight] = await db().select().from(flights).where(eq(flights.id, first.id));
    expect(flight).toMatchObject({ flightNumber: 'BA117 (0945)', hasTime: true });
    expect(flight!.departureAt.toISOString()).toBe(`${first.departureDate}T09:45:00.000Z`);
  });

  it('two different times keep the older flight’s, and the audit entry says which was dropped', async () => {
    const kept = await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    await buildFlight(db(), { flightNumber: 'BA0117 (1630)' });
    await mergeDuplicateFlights(db(), now());
    const [flight] = await db().select().from(flights);
    expect(flight).toMatchObject({ id: kept.id, flightNumber: 'BA117 (1530)' });
    const [entry] = await mergeAudits();
    expect(entry!.detail).toMatchObject({ timeKept: '15:30', timeDropped: '16:30' });
  });

  it('with nothing to merge it changes nothing; a lone spelling is written canonical, and a second run does nothing', async () => {
    await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    const lone = await buildFlight(db(), { flightNumber: 'baw 0042 (0700)' });
    expect(await mergeDuplicateFlights(db(), now())).toEqual({
      merged: 0,
      renamed: 1,
      rekeyed: 2,
    });
    const [renamed] = await db().select().from(flights).where(eq(flights.id, lone.id));
    expect(renamed!.flightNumber).toBe('BA42 (0700)');
    expect(await mergeDuplicateFlights(db(), now())).toEqual({
      merged: 0,
      renamed: 0,
      rekeyed: 0,
    });
    expect(await mergeAudits()).toHaveLength(0);
  });

  it('merges an untimed flight on its local date with the same departure stored on the next UTC day', async () => {
    // JFK's 29 Nov evening: added without a time on 20 Jun (local), and with the time as
    // 'BA112 (0145)' on 21 Jun (its UTC day). Before the key read the origin's date, two flights.
    const untimed = await buildFlight(db(), {
      flightNumber: 'BA112',
      time: null,
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2030-06-20',
    });
    const timed = await buildFlight(db(), {
      flightNumber: 'BA112 (0145)',
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2030-06-21',
      departureAt: new Date('2030-06-21T01:45:00.000Z'),
    });
    const [ann, ben] = await Promise.all([buildCrew(db()), buildCrew(db())]);
    await joinFlight(db(), ann!, untimed);
    await joinFlight(db(), ben!, timed);

    expect((await mergeDuplicateFlights(db(), now())).merged).toBe(1);
    const left = await db().select().from(flights);
    expect(left).toHaveLength(1);
    // The older flight survives with the time, and with the UTC day that time is on.
    expect(left[0]).toMatchObject({
      id: untimed.id,
      flightNumber: 'BA112 (0145)',
      departureDate: '2030-06-21',
      departureAt: new Date('2030-06-21T01:45:00.000Z'),
      hasTime: true,
    });
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, untimed.id));
    expect(crew).toHaveLength(2);
  });

  it('leaves deleted flights alone', async () => {
    const live = await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    const gone = await buildFlight(db(), {
      flightNumber: 'BA0117 (1530)',
      deletedAt: new Date(NOW),
    });
    expect((await mergeDuplicateFlights(db(), now())).merged).toBe(0);
    const left = await db().select().from(flights).orderBy(asc(flights.id));
    expect(left.map((f) => [f.id, f.flightNumber])).toEqual([
      [live.id, 'BA117 (1530)'],
      [gone.id, 'BA0117 (1530)'],
    ]);
  });

  it('merges flights that differ only by destination, or by destination and spelling, and keys every one', async () => {
    const [ann, ben, cat] = await Promise.all([buildCrew(db()), buildCrew(db()), buildCrew(db())]);
    const jfk = await buildFlight(db(), { flightNumber: 'BA117 (1530)', destination: 'JFK' });
    const ewr = await buildFlight(db(), { flightNumber: 'BA117 (1530)', destination: 'EWR' });
    const bos = await buildFlight(db(), {
      flightNumber: 'BAW0117',
      time: null,
      destination: 'BOS',
    });
    // From another airport: another flight, whatever its number.
    const gatwick = await buildFlight(db(), { flightNumber: 'BA117 (1530)', origin: 'LGW' });
    await joinFlight(db(), ann!, jfk);
    await joinFlight(db(), ben!, ewr);
    await joinFlight(db(), cat!, bos);

    const result = await mergeDuplicateFlights(db(), now());
    expect(result).toMatchObject({ merged: 2, rekeyed: 2 });

    const left = await db().select().from(flights).orderBy(asc(flights.id));
    expect(left.map((f) => [f.id, f.destination, f.flightKey])).toEqual([
      [jfk.id, 'JFK', `BA117|${jfk.departureDate}|LHR`],
      [gatwick.id, 'JFK', `BA117|${gatwick.departureDate}|LGW`],
    ]);
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, jfk.id));
    expect(crew.map((c) => c.userId).sort()).toEqual([ann!.id, ben!.id, cat!.id].sort());
    const audits = await mergeAudits();
    expect(audits.map((a) => a.detail)).toEqual([
      expect.objectContaining({
        mergedFlightId: ewr.id,
        destinationKept: 'JFK',
        destinationDropped: 'EWR',
      }),
      expect.objectContaining({
        mergedFlightId: bos.id,
        destinationKept: 'JFK',
        destinationDropped: 'BOS',
      }),
    ]);
  });

  it('when nothing changed, a start is one read: no transaction, no scan of the flights', async () => {
    await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    await buildFlight(db(), { flightNumber: 'BA118 (1630)' });
    expect((await mergeDuplicateFlights(db(), now())).rekeyed).toBe(2);
    const [meta] = await db().select().from(appMeta).where(eq(appMeta.name, FLIGHT_KEY_META));
    expect(meta!.value).toBe(flightKeyVersion());

    const select = vi.spyOn(db(), 'select');
    const transaction = vi.spyOn(db(), 'transaction');
    try {
      expect(await mergeDuplicateFlights(db(), now())).toEqual({
        merged: 0,
        renamed: 0,
        rekeyed: 0,
      });
      expect(select).toHaveBeenCalledTimes(1);
      expect(transaction).not.toHaveBeenCalled();
      // A live flight written without its key (outside the app) is noticed and keyed.
      const unkeyed = await buildFlight(db(), { flightNumber: 'BA119' });
      select.mockClear();
      expect((await mergeDuplicateFlights(db(), now())).rekeyed).toBe(1);
      expect(transaction).toHaveBeenCalledTimes(1);
      const [row] = await db().select().from(flights).where(eq(flights.id, unkeyed.id));
      expect(row!.flightKey).toBe(flightKey(row!));
    } finally {
      select.mockRestore();
      transaction.mockRestore();
    }
  });

  it('a new key rule or zone table re-keys the stored flights, even ones that swap keys', async () => {
    const a = await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    const b = await buildFlight(db(), { flightNumber: 'BA118 (1530)' });
    await mergeDuplicateFlights(db(), now(), 'rule 1; data old');
    // As if the old rule or table had given each the other's key.
    const keyA = flightKey(a);
    const keyB = flightKey(b);
    await db().update(flights).set({ flightKey: null });
    await db().update(flights).set({ flightKey: keyB }).where(eq(flights.id, a.id));
    await db().update(flights).set({ flightKey: keyA }).where(eq(flights.id, b.id));
    // Same version: the stored keys are trusted, nothing read beyond the check.
    expect((await mergeDuplicateFlights(db(), now(), 'rule 1; data old')).rekeyed).toBe(0);

    expect(await mergeDuplicateFlights(db(), now(), 'rule 2; data new')).toEqual({
      merged: 0,
      renamed: 0,
      rekeyed: 2,
    });
    const rows = await db().select().from(flights).orderBy(asc(flights.id));
    expect(rows.map((f) => f.flightKey)).toEqual([keyA, keyB]);
    const [meta] = await db().select().from(appMeta).where(eq(appMeta.name, FLIGHT_KEY_META));
    expect(meta!.value).toBe('rule 2; data new');
  });

  it('the database holds one live flight per key', async () => {
    const flight = await buildFlight(db(), { flightNumber: 'BA117 (1530)' });
    await mergeDuplicateFlights(db(), now());
    await expect(
      buildFlight(db(), {
        flightNumber: 'BA0117',
        time: null,
        destination: 'EWR',
        departureDate: flight.departureDate,
        flightKey: flightKey(flight),
      }),
    ).rejects.toThrow();
    // A deleted flight does not count.
    await db()
      .update(flights)
      .set({ deletedAt: new Date(NOW) })
      .where(eq(flights.id, flight.id));
    await buildFlight(db(), {
      flightNumber: 'BA0117',
      time: null,
      destination: 'EWR',
      departureDate: flight.departureDate,
      flightKey: flightKey(flight),
    });
  });
});
