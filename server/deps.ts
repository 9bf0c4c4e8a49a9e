import type { Config } from './config';
import type { Database } from './db/client';
import type { MailSender } from './jobs/mail-sender';
import type { Bus } from './lib/bus';
import type { Clock } from './lib/clock';
import type { MemberThrottle } from './lib/member-throttle';
import type { PinCipher } from './lib/pin-crypto';
import type { RateLimiter } from './lib/rate-limit';
import type { Telegram } from './lib/telegram';
import type { HiddenMembersCache } from './modules/blocks/hidden-cache';
import type { PushSender } from './modules/push/sender';
import type { Realtime } from './modules/realtime/service';
import type { SessionStore } from './sessions/session-store';

/**
 * What every module is handed: built once by buildApp (app.ts), typed here so that modules and
 * plugins depend on this small file rather than on app.ts, which imports all of them.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  sessions: SessionStore;
  /** Whom blocks hide from each member, for list counts (dropped on every block, everywhere). */
  hiddenMembers: HiddenMembersCache;
  pins: PinCipher;
  rateLimiter: RateLimiter;
  /** Live actions per member per second: socket frames and sent messages share it. */
  memberThrottle: MemberThrottle;
  mail: MailSender;
  /** Ask the mail job to run now (after a transaction that queued mail committed). */
  kickMail(): void;
  /** Live events to members' sockets on every instance; publish only after a commit. */
  realtime: Realtime;
  /** Events between instances; /api/health asks whether it is still listening. */
  bus: Pick<Bus, 'kind' | 'listening'>;
  /** Web Push to members' devices (fire and forget; `sendToMember` when the count matters). */
  push: PushSender;
  /** New-registration notices to the admins' Telegram chat (disabled without a bot token). */
  telegram: Telegram;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
