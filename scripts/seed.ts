/**
 * `npm run seed`: a handful of realistic crew, flights for today and the coming days, waves in
 * each state and a few conversations, so a new user sees a living app. Uses the same
 * configuration as the server (DATA_DIR or DATABASE_URL) and refuses to touch a DATA_DIR that a
 * running server holds. Safe to run twice: it adds nothing it already added.
 */
import { and, eq, sql } from 'drizzle-orm';
import { addDays, flightNumberWithTime, trialExpiryFrom, utcDay } from '../domain';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { openConfiguredDatabase } from '../server/db/open-configured';
import { flightCrew, flights, messages, platformCounters, users, waves } from '../server/db/schema';
import { createPinCipher } from '../server/lib/pin-crypto';

const crew = [
  {
    name: 'Amelia Hart',
    nickname: 'Skylark',
    role: 'IFM',
    show: true,
    share: true,
    mobile: '+44 7700 900101',
  },
  {
    name: 'Tom Okafor',
    nickname: 'Galley Guru',
    role: 'Main Crew',
    show: true,
    share: false,
    mobile: null,
  },
  { name: 'Priya Nair', nickname: null, role: 'IFL', show: false, share: false, mobile: null },
  {
    name: 'James Whitfield',
    nickname: 'Jumpseat Jim',
    role: 'Main Crew',
    show: true,
    share: true,
    mobile: '+44 7700 900104',
  },
  {
    name: 'Sofia Rossi',
    nickname: 'Espresso',
    role: 'Main Crew',
    show: true,
    share: false,
    mobile: null,
  },
  {
    name: 'Daniel Kim',
    nickname: 'Red-eye',
    role: 'IFL',
    show: false,
    share: true,
    mobile: '+44 7700 900106',
  },
  {
    name: 'Grace Mensah',
    nickname: 'Layover Queen',
    role: 'Main Crew',
    show: true,
    share: false,
    mobile: null,
  },
  { name: 'Oliver Brandt', nickname: null, role: 'IFM', show: true, share: false, mobile: null },
];

const routes: [number, string, string, string | null][] = [
  [117, 'LHR', 'JFK', '15:30'],
  [283, 'LHR', 'LAX', '12:10'],
  [15, 'LHR', 'SIN', '21:40'],
  [2037, 'LGW', 'MCO', '10:05'],
  [438, 'LHR', 'MAD', null],
  [49, 'LHR', 'SEA', '14:20'],
];

/**
 * Every seeded member signs in with this PIN, so someone trying the app can be any of them.
 * A known PIN is a development convenience only: the script refuses NODE_ENV=production.
 */
const SEED_PIN = '2468';

async function main() {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'npm run seed refuses NODE_ENV=production: it gives every seeded member the same known PIN.',
    );
  }
  const config = loadConfig();
  const opening = await openConfiguredDatabase(config, 'npm run seed');
  const { database } = opening;
  try {
    await database.migrate();
    await seed(database, config.appSecret, config.crewEmailDomains[0]!, config.demoPasscode);
  } finally {
    await opening.close();
  }
}

async function seed(database: Database, appSecret: string, domain: string, demoPasscode: string) {
  const { db } = database;
  const pins = createPinCipher(appSecret);
  const now = new Date();
  const ids: number[] = [];
  const emails: string[] = [];
  for (const [i, c] of crew.entries()) {
    const email = `${c.name.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;
    emails.push(email);
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (existing) {
      // Seeded before: the PIN is reset to the known one, which is what the closing lines promise.
      await db
        .update(users)
        .set({ passcodeEncrypted: pins.encrypt(SEED_PIN) })
        .where(eq(users.id, existing.id));
      ids.push(existing.id);
      continue;
    }
    const trial = i % 3 === 0;
    const [row] = await db
      .insert(users)
      .values({
        email,
        name: c.name,
        nickname: c.nickname,
        role: c.role,
        mobileNumber: c.mobile,
        showNameAfterMatch: c.show,
        shareContactInfo: c.share,
        approvalStatus: 'approved',
        verified: true,
        subscriptionStatus: 'active',
        membershipType: trial ? 'trial' : 'paid',
        trialStartedAt: trial ? addDays(now, -(i % 6)) : null,
        trialExpiresAt: trial ? trialExpiryFrom(addDays(now, -(i % 6))) : null,
        subscriptionExpiresAt: trial ? null : addDays(now, i % 2 ? 365 : 30),
        approvedAt: addDays(now, -10),
        lastHeartbeatAt: i % 2 === 0 ? now : null,
        passcodeEncrypted: pins.encrypt(SEED_PIN),
      })
      .returning({ id: users.id });
    ids.push(row!.id);
  }

  const flightIds: number[] = [];
  for (const [i, [number, origin, destination, time]] of routes.entries()) {
    const day = utcDay(addDays(now, i % 4));
    const flightNumber = flightNumberWithTime(`BA${number}`, time);
    const departureAt = new Date(`${day}T${time ?? '23:59:59'}${time ? ':00' : ''}.000Z`);
    await db
      .insert(flights)
      .values({
        flightNumber,
        origin,
        destination,
        departureDate: day,
        departureAt,
        hasTime: time !== null,
        duration: '8h 30m',
        createdBy: ids[0],
      })
      .onConflictDoNothing();
    const [flight] = await db
      .select({ id: flights.id })
      .from(flights)
      .where(
        and(
          eq(flights.flightNumber, flightNumber),
          eq(flights.departureDate, day),
          eq(flights.origin, origin),
          eq(flights.destination, destination),
        ),
      );
    flightIds.push(flight!.id);
    const onboard = ids.filter((_, j) => (j + i) % 3 !== 0);
    for (const [j, userId] of onboard.entries()) {
      await db
        .insert(flightCrew)
        .values({
          flightId: flight!.id,
          userId,
          role:
            crew[ids.indexOf(userId)]!.role === 'IFM'
              ? 'IFM'
              : crew[ids.indexOf(userId)]!.role === 'IFL'
                ? 'IFL'
                : 'Main Crew',
          tags: j % 2 ? ['Layover Social', 'Coffee Chat'] : ['Workout Buddy'],
          note: j % 3 === 0 ? 'First time on this route, any tips welcome!' : null,
        })
        .onConflictDoNothing();
    }
  }

  // Waves in each state on the first flights, and a few conversations.
  const plan: [number, number, number, 'pending' | 'accepted' | 'rejected', string[]][] = [
    [
      1,
      3,
      0,
      'accepted',
      [
        'Hi! Fancy a coffee on the layover?',
        'Absolutely, meet in the lobby at 10?',
        'Perfect, see you there',
      ],
    ],
    [4, 6, 0, 'pending', []],
    [
      1,
      4,
      1,
      'accepted',
      ['Anyone know a good gym near the crew hotel?', 'There is one two blocks away, open 24h'],
    ],
    [6, 3, 1, 'rejected', []],
    [2, 5, 2, 'pending', []],
    [7, 1, 5, 'accepted', []],
  ];
  for (const [si, ri, fi, status, lines] of plan) {
    const senderId = ids[si]!;
    const receiverId = ids[ri]!;
    const flightId = flightIds[fi]!;
    for (const userId of [senderId, receiverId]) {
      await db
        .insert(flightCrew)
        .values({ flightId, userId, role: 'Main Crew' })
        .onConflictDoNothing();
    }
    const [wave] = await db
      .insert(waves)
      .values({
        senderId,
        receiverId,
        flightId,
        status,
        senderRead: status !== 'accepted',
        receiverRead: status === 'rejected',
      })
      .onConflictDoNothing()
      .returning({ id: waves.id });
    if (!wave) continue;
    for (const [k, content] of lines.entries()) {
      await db.insert(messages).values({
        waveId: wave.id,
        senderId: k % 2 === 0 ? senderId : receiverId,
        content,
        read: k < lines.length - 1,
        createdAt: new Date(now.getTime() - (lines.length - k) * 60_000),
      });
    }
  }
  // One demo account (read-only, accounts spec §1) on the first two flights, with a wave waiting
  // and a conversation, so a visitor sees every screen filled. It signs in with DEMO_PASSCODE.
  const demoEmail = `demo@${domain}`;
  const [knownDemo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, demoEmail));
  const demoId =
    knownDemo?.id ??
    (
      await db
        .insert(users)
        .values({
          email: demoEmail,
          name: 'Demo Crew',
          nickname: 'Demo',
          role: 'Main Crew',
          isDemoUser: true,
          approvalStatus: 'approved',
          verified: true,
          subscriptionStatus: 'active',
          membershipType: 'tester',
          approvedAt: now,
          disclaimerAcceptedAt: now,
          passcodeEncrypted: pins.encrypt(demoPasscode),
        })
        .returning({ id: users.id })
    )[0]!.id;
  await db
    .update(users)
    .set({ passcodeEncrypted: pins.encrypt(demoPasscode) })
    .where(eq(users.id, demoId));
  // The demo account and the two crew who reach out to it, on the flights they meet on.
  for (const [userId, flightId] of [
    [demoId, flightIds[0]!],
    [demoId, flightIds[1]!],
    [ids[3]!, flightIds[0]!],
    [ids[1]!, flightIds[1]!],
  ] as const) {
    await db
      .insert(flightCrew)
      .values({ flightId, userId, role: 'Main Crew' })
      .onConflictDoNothing();
  }
  await db
    .insert(waves)
    .values({ senderId: ids[1]!, receiverId: demoId, flightId: flightIds[1]!, status: 'pending' })
    .onConflictDoNothing();
  const [demoChat] = await db
    .insert(waves)
    .values({
      senderId: ids[3]!,
      receiverId: demoId,
      flightId: flightIds[0]!,
      status: 'accepted',
      senderRead: true,
      receiverRead: false,
    })
    .onConflictDoNothing()
    .returning({ id: waves.id });
  if (demoChat) {
    await db.insert(messages).values({
      waveId: demoChat.id,
      senderId: ids[3]!,
      content: 'Welcome aboard! See you at the briefing.',
      read: false,
      createdAt: now,
    });
  }

  // Keep the all-time counters true to what now exists (they only ever grow).
  const [counts] = await db
    .select({
      users: sql<number>`(select count(*)::int from ${users})`,
      flights: sql<number>`(select count(*)::int from ${flights})`,
      waves: sql<number>`(select count(*)::int from ${waves})`,
    })
    .from(platformCounters);
  await db
    .update(platformCounters)
    .set({
      totalUsersEverRegistered: sql`greatest(${platformCounters.totalUsersEverRegistered}, ${counts!.users})`,
      totalFlightsEverCreated: sql`greatest(${platformCounters.totalFlightsEverCreated}, ${counts!.flights})`,
      totalWavesEverCreated: sql`greatest(${platformCounters.totalWavesEverCreated}, ${counts!.waves})`,
      updatedAt: now,
    })
    .where(eq(platformCounters.id, 1));
  console.log(
    `Seeded ${crew.length} crew, ${routes.length} flights (today and the next 3 days), ${plan.length} waves and their conversations.`,
  );
  console.log(`Sign in as any of them with PIN ${SEED_PIN} (development only):`);
  for (const email of emails) console.log(`  ${email}`);
  console.log(
    `Demo account (read-only): sign in as ${demoEmail} with PIN ${demoPasscode} (DEMO_PASSCODE).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
