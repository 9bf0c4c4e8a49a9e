import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Running totals that survive deletions (spec: Platform counters). One row, id 1. */
export const platformCounters = pgTable('platform_counters', {
  id: integer('id').primaryKey().default(1),
  totalWavesEverCreated: integer('total_waves_ever_created').notNull().default(0),
  totalMessagesEverSent: integer('total_messages_ever_sent').notNull().default(0),
  totalUsersEverRegistered: integer('total_users_ever_registered').notNull().default(0),
  totalFlightsEverCreated: integer('total_flights_ever_created').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
