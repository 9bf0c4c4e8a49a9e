import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { storableInput } from '../domain';
import type { Config } from './config';
import type { JobRun } from './db/advisory-lock';
import type { Database } from './db/client';
import { createMailSender } from './jobs/mail-sender';
import { expireSubscriptions, expireTrials, sendExpiryReminders } from './jobs/membership-expiry';
import { PGLITE_VACUUM_MS, vacuumEmbedded } from './jobs/pglite-maintenance';
import {
  anonymiseInactiveAccounts,
  pruneOldLogs,
  purgeDeletedAccounts,
  purgeUnpaidRegistrations,
} from './jobs/retention';
import { createScheduler } from './jobs/scheduler';
import { type Bus, createLocalBus, createPostgresBus } from './lib/bus';
import { type Clock, systemClock } from './lib/clock';
import { serializeError } from './lib/log-errors';
import { createMemberThrottle } from './lib/member-throttle';
import { createPinCipher } from './lib/pin-crypto';
import { createRateLimiter } from './lib/rate-limit';
import { createTelegram } from './lib/telegram';
import { trustProxyFn } from './lib/trust-proxy';
import { createMailTransport, type MailTransport } from './mail/transport';
import { accountRoutes } from './modules/account/routes';
import { adminMembersRoutes } from './modules/admin/members-routes';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { blocksRoutes, createHiddenMembersCache } from './modules/blocks';
import { calendarRoutes } from './modules/calendar/routes';
import { demoRoutes } from './modules/demo/routes';
import { devMailEnabled } from './modules/dev-mail/enabled';
import { devMailRoutes } from './modules/dev-mail/routes';
import { crewRoutes } from './modules/flights/crew-routes';
import { homeListCache } from './modules/flights/home-cache';
import { flightRoutes } from './modules/flights/routes';
import { healthRoutes } from './modules/health/routes';
import { membershipRoutes } from './modules/membership/routes';
import { messageRoutes } from './modules/messages/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { paymentRoutes } from './modules/payments/routes';
import { pushRoutes } from './modules/push/routes';
import { createPushSender } from './modules/push/sender';
import { registerLiveInvalidation } from './modules/realtime/live-invalidation';
import { realtimeRoutes } from './modules/realtime/routes';
import { createRealtime } from './modules/realtime/service';
import { registrationRoutes } from './modules/registration/routes';
import { rosterRoutes } from './modules/roster/routes';
import { statsRoutes } from './modules/stats/routes';
import { syncRoutes } from './modules/sync/routes';
import { usersRoutes } from './modules/users/routes';
import { waveRoutes } from './modules/waves/routes';
import { registerAccess } from './plugins/access';
import { registerCompression } from './plugins/compression';
import { registerCsrf } from './plugins/csrf';
import { registerErrorMapping } from './plugins/error-mapping';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerJsonDepthLimit } from './plugins/json-depth';
import { registerMemberLimits } from './plugins/member-limits';
import { registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { createSessionStore } from './sessions/session-store';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type { AppDeps } from './deps';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where the built SPA lives; tests pass null to skip static serving. */
  webDist?: string | null;
  /** Run scheduled jobs (mail). Tests leave them off and run jobs explicitly. */
  startJobs?: boolean;
  /** Mail delivery; defaults to SMTP_URL or .eml files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** Event fan-out; defaults to LISTEN/NOTIFY with DATABASE_URL, else in-process. */
  bus?: Bus;
  /** Where log lines go; defaults to stdout. Tests pass a stream to read what was logged. */
  logStream?: { write(line: string): void };
};

/** Plugins and modules, nothing else: main.ts and tests both build the app through here. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // Query strings can carry one-time tokens; they never reach the log.
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
        // Code, message, constraint and table; never bound parameters or `detail` (members' data).
        err: serializeError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A function, not Fastify's number form (which trusts nothing) nor `true` (which trusts
    // whatever the client wrote at the left of X-Forwarded-For).
    trustProxy: trustProxyFn(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Fastify's own two info lines per request buried the startup lines (the URL, how to sign
    // in): one line per request at debug instead, below (LOG_LEVEL=debug shows them).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        req: request,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  // Every route's body, query and path first refuses text PostgreSQL cannot store, whatever
  // the field's own schema says (domain storableInput), so no new field can forget it.
  // (Every route schema here is zod, as fastify-type-provider-zod itself assumes.)
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: storableInput(route.schema as z.ZodType) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  const clock = options.clock ?? systemClock;
  const scheduler = createScheduler(app.log);
  const transport =
    options.mailTransport ??
    createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  const mail = createMailSender({
    db: database.db,
    transport,
    clock,
    from: config.mailFrom,
    log: app.log,
  });
  scheduler.add({ name: 'mail', everyMs: 2_000, run: () => mail.runOnce() });
  // Membership jobs: each takes its own advisory lock, so with several instances one runs it.
  // Sign-in already judges expiry by the clock; these keep the stored status and lists true.
  const MEMBERSHIP_JOB_MS = 5 * 60_000;
  // A job that changed members' rows tells every instance's session cache (it has no request
  // whose onSend hook would): an expired member is refused at once, not after the cache window.
  const forgettingMembers = async (job: Promise<JobRun>) => {
    const run = await job;
    if (run.ran && run.count > 0) sessions.forgetAll();
    return run;
  };
  scheduler.add({
    name: 'trial-expiry',
    everyMs: MEMBERSHIP_JOB_MS,
    run: () => forgettingMembers(expireTrials(database.db, clock.now())),
  });
  scheduler.add({
    name: 'subscription-expiry',
    everyMs: MEMBERSHIP_JOB_MS,
    run: () => forgettingMembers(expireSubscriptions(database.db, clock.now())),
  });
  scheduler.add({
    name: 'expiry-reminders',
    everyMs: MEMBERSHIP_JOB_MS,
    run: async () => {
      const run = await sendExpiryReminders(database.db, clock.now(), config.publicUrl);
      if (run.ran && run.count > 0) scheduler.kick('mail');
    },
  });
  if (database.kind === 'pglite') {
    scheduler.add({
      name: 'pglite-vacuum',
      everyMs: PGLITE_VACUUM_MS,
      run: () => vacuumEmbedded(database),
    });
  }
  // Retention jobs (advisory-locked like the membership jobs): purge, anonymise, prune logs.
  const RETENTION_JOB_MS = 60 * 60_000;
  scheduler.add({
    name: 'purge-deleted-accounts',
    everyMs: RETENTION_JOB_MS,
    run: () => forgettingMembers(purgeDeletedAccounts(database.db, clock.now())),
  });
  scheduler.add({
    name: 'anonymise-inactive-accounts',
    everyMs: RETENTION_JOB_MS,
    run: () => forgettingMembers(anonymiseInactiveAccounts(database.db, clock.now())),
  });
  scheduler.add({
    name: 'purge-unpaid-registrations',
    everyMs: RETENTION_JOB_MS,
    run: () => forgettingMembers(purgeUnpaidRegistrations(database.db, clock.now())),
  });
  scheduler.add({
    name: 'prune-logs',
    everyMs: RETENTION_JOB_MS,
    run: () => pruneOldLogs(database.db, clock.now()),
  });
  const bus =
    options.bus ??
    (config.databaseUrl ? await createPostgresBus(config.databaseUrl, app.log) : createLocalBus());
  const memberThrottle = createMemberThrottle(clock);
  const push = createPushSender({ database, config, log: app.log });
  const realtime = createRealtime({
    database,
    clock,
    bus,
    log: app.log,
    throttle: memberThrottle,
    push,
    // Going on- or offline rewrites the member's row outside any request of theirs: their own
    // /api/auth/me must not answer from the session cache. (Called only once sockets connect,
    // long after `sessions` below exists.)
    onMemberRowChange: (userId) => sessions.forgetUser(userId),
  });
  // A revoked session closes its sockets, and leaves the session cache, on every instance.
  // A member's change, too, leaves the session cache on every instance (its own already forgot).
  const sessions = createSessionStore(
    database.db,
    ({ userId, tokenHash }) =>
      realtime.publish({ e: 'revoke', userId, ...(tokenHash ? { tokenHash } : {}) }),
    {
      announceMemberChange: (userId) => {
        if (bus.kind !== 'local') realtime.publish({ e: 'member', userId });
      },
    },
  );
  bus.subscribe((event) => {
    if (event.e === 'revoke') sessions.forget(event);
    if (event.e === 'member') sessions.forgetMemberHere(event.userId);
  });
  bus.onGap?.({ lost: sessions.busLost, back: sessions.busBack });
  // Expired sessions already fail their lookup; this only keeps the table small.
  scheduler.add({
    name: 'sessions',
    everyMs: 60 * 60_000,
    run: () => sessions.purgeExpired(clock.now()),
  });
  app.decorate('deps', {
    config,
    database,
    clock,
    realtime,
    bus,
    push,
    sessions,
    hiddenMembers: createHiddenMembersCache(bus),
    pins: createPinCipher(config.appSecret),
    rateLimiter: createRateLimiter(database.db),
    memberThrottle,
    mail,
    kickMail: () => scheduler.kick('mail'),
    telegram: createTelegram(config.telegram, app.log),
  });
  // Which flights a member is on is remembered for their home list; a join or leave on any
  // instance drops it everywhere (home-cache.ts).
  const homeList = homeListCache(app.deps);
  bus.subscribe((event) => {
    if (event.e === 'crew') homeList.forgetJoined(event.userIds);
  });
  bus.onGap?.({ lost: () => homeList.busLost(), back: () => homeList.busBack() });
  app.addHook('onReady', async () => {
    if (options.startJobs) {
      scheduler.start();
      realtime.start();
    }
  });
  app.addHook('preClose', async () => {
    await realtime.stop();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    transport.close();
  });

  registerErrorMapping(app);
  registerJsonDepthLimit(app);

  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(fastifyCookie, { secret: config.appSecret });
  // Order matters: cookies are parsed, then cross-site writes refused, then access checked.
  registerCsrf(app);
  registerAccess(app);
  registerMemberLimits(app);
  registerMetrics(app);
  registerGracefulClose(app);
  registerLiveInvalidation(app);
  registerCompression(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Jumpseat API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'jumpseat_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  if (devMailEnabled(config)) await app.register(devMailRoutes);
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(statsRoutes);
  await app.register(adminMembersRoutes);
  await app.register(waveRoutes);
  await app.register(messageRoutes);
  await app.register(flightRoutes);
  await app.register(crewRoutes);
  await app.register(calendarRoutes);
  await app.register(rosterRoutes);
  await app.register(usersRoutes);
  await app.register(blocksRoutes);
  await app.register(accountRoutes);
  await app.register(membershipRoutes);
  await app.register(realtimeRoutes);
  await app.register(syncRoutes);
  await app.register(demoRoutes);
  await app.register(pushRoutes);
  await app.register(moderationRoutes);

  const webDist = options.webDist === undefined ? path.join(root, 'web', 'dist') : options.webDist;
  await registerSpa(app, webDist);

  return app;
}
