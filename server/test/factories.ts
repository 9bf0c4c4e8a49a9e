import { testConfig } from '../config';
import type { Db } from '../db/client';
import {
  type FlightCrewRow,
  type FlightRow,
  flightCrew,
  flights,
  type UserRow,
  users,
  type WaveRow,
  waves,
} from '../db/schema';
import { createPinCipher } from '../lib/pin-crypto';

/**
 * Test data with overrides, inserted through the real schema. Roles a sign-in cannot reach
 * (pending, expired, deleted, demo) come from here. Times are relative to `now` so no test
 * depends on today's date.
 */
const DAY = 24 * 60 * 60 * 1000;
let sequence = 0;
const pins = createPinCipher(testConfig().appSecret);

export const DEFAULT_NOW = new Date('2030-06-15T12:00:00.000Z');
export const DEFAULT_PIN = '2468';

type UserOverrides = Partial<typeof users.$inferInsert> & { pin?: string; now?: Date };

export async function buildCrew(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  sequence += 1;
  const { pin = DEFAULT_PIN, now = DEFAULT_NOW, ...fields } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `crew${sequence}.${Math.random().toString(36).slice(2, 8)}@ba.com`,
      name: `Crew Member ${sequence}`,
      nickname: null,
      role: 'Main Crew',
      approvalStatus: 'approved',
      verified: true,
      subscriptionStatus: 'active',
      membershipType: 'trial',
      trialStartedAt: new Date(now.getTime() - DAY),
      trialExpiresAt: new Date(now.getTime() + 6 * DAY),
      approvedAt: new Date(now.getTime() - DAY),
      passcodeEncrypted: pins.encrypt(pin),
      ...fields,
    })
    .returning();
  return user!;
}

export const buildAdmin = (db: Db, overrides: UserOverrides = {}) =>
  buildCrew(db, {
    isAdmin: true,
    role: 'Admin',
    membershipType: 'lifetime',
    subscriptionExpiresAt: null,
    ...overrides,
  });
export const buildDemo = (db: Db, overrides: UserOverrides = {}) =>
  buildCrew(db, { isDemoUser: true, ...overrides });
export const buildPending = (db: Db, overrides: UserOverrides = {}) =>
  buildCrew(db, {
    approvalStatus: 'pending',
    verified: false,
    subscriptionStatus: 'pending',
    trialStartedAt: null,
    trialExpiresAt: null,
    ...overrides,
  });
export const buildExpired = (db: Db, overrides: UserOverrides = {}) => {
  const now = overrides.now ?? DEFAULT_NOW;
  return buildCrew(db, {
    trialStartedAt: new Date(now.getTime() - 10 * DAY),
    trialExpiresAt: new Date(now.getTime() - 3 * DAY),
    subscriptionStatus: 'expired',
    ...overrides,
  });
};
export const buildDeleted = (db: Db, overrides: UserOverrides = {}) =>
  buildCrew(db, {
    isDeleted: true,
    deletionScheduledAt: new Date((overrides.now ?? DEFAULT_NOW).getTime() + 30 * DAY),
    ...overrides,
  });

type FlightOverrides = Partial<typeof flights.$inferInsert> & {
  daysAhead?: number;
  time?: string | null;
};

/** A flight `daysAhead` days after DEFAULT_NOW (default 3), at `time` GMT (default 15:30). */
export async function buildFlight(db: Db, overrides: FlightOverrides = {}): Promise<FlightRow> {
  sequence += 1;
  const { daysAhead = 3, time = '15:30', ...fields } = overrides;
  const day = new Date(DEFAULT_NOW.getTime() + daysAhead * DAY).toISOString().slice(0, 10);
  const number = `BA${100 + sequence}`;
  const departureAt = time ? new Date(`${day}T${time}:00.000Z`) : new Date(`${day}T23:59:59.000Z`);
  const [flight] = await db
    .insert(flights)
    .values({
      flightNumber: time ? `${number} (${time.replace(':', '')})` : number,
      origin: 'LHR',
      destination: 'JFK',
      departureDate: day,
      departureAt,
      hasTime: time !== null,
      duration: '8h 30m',
      ...fields,
    })
    .returning();
  return flight!;
}

export async function joinFlight(
  db: Db,
  user: UserRow,
  flight: FlightRow,
  overrides: Partial<typeof flightCrew.$inferInsert> = {},
): Promise<FlightCrewRow> {
  const [entry] = await db
    .insert(flightCrew)
    .values({ flightId: flight.id, userId: user.id, role: 'Main Crew', ...overrides })
    .returning();
  return entry!;
}

export async function buildWave(
  db: Db,
  sender: UserRow,
  receiver: UserRow,
  flight: FlightRow,
  overrides: Partial<typeof waves.$inferInsert> = {},
): Promise<WaveRow> {
  const [wave] = await db
    .insert(waves)
    .values({ senderId: sender.id, receiverId: receiver.id, flightId: flight.id, ...overrides })
    .returning();
  return wave!;
}

/** Two crew on one flight with an accepted wave between them: a chat, ready to send on. */
export async function buildChatPair(db: Db, flightOverrides: FlightOverrides = {}) {
  const a = await buildCrew(db);
  const b = await buildCrew(db);
  const flight = await buildFlight(db, flightOverrides);
  await joinFlight(db, a, flight);
  await joinFlight(db, b, flight);
  const wave = await buildWave(db, a, b, flight, { status: 'accepted' });
  return { a, b, flight, wave };
}
