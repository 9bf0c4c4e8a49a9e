import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config';

/**
 * The server process: open the database, migrate, ensure the first admin, listen; on SIGTERM or
 * SIGINT close it all again and exit 0.
 *
 * The signal handlers are installed before anything else happens, and the ready line is printed
 * after them. (They used to be installed just after that line: a supervisor — or a test — stopping
 * the server as soon as it said it was running could land in between and kill it with the
 * default action, exit by signal, PGlite not closed.) A signal during startup lets the step under
 * way finish (a migration is not cut off), then closes what is open so far and exits 0.
 *
 * Everything heavy is imported dynamically, after the handlers: loading it takes seconds.
 */
let stopSignal: NodeJS.Signals | null = null;
/** Undo steps for what startup has opened, in opening order; shutdown runs them in reverse. */
const opened: Array<{ what: string; undo: () => unknown }> = [];
let app: FastifyInstance | undefined;
let running = false;

// First of all: until a handler exists, SIGTERM's default action (the kernel ends the process)
// applies. The handlers can only run once this module's top level is done, so `startup` is set.
process.on('SIGTERM', requestStop);
process.on('SIGINT', requestStop);
const startup = start();

function requestStop(signal: NodeJS.Signals) {
  if (stopSignal) return;
  stopSignal = signal;
  // A failed startup is reported (exit 1) by its own catch below.
  startup.then(
    () => shutdown(signal),
    () => undefined,
  );
}

startup.catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(1);
});

async function start() {
  const config = loadConfig();
  const [
    { buildApp },
    { openConfiguredDatabase },
    { createPinCipher },
    { processClock },
    bootstrap,
    { startupLines },
    { devMailEnabled },
    { mergeDuplicateFlights },
  ] = await Promise.all([
    import('./app'),
    import('./db/open-configured'),
    import('./lib/pin-crypto'),
    import('./lib/clock'),
    import('./modules/admin/bootstrap-admin'),
    import('./startup-lines'),
    import('./modules/dev-mail/enabled'),
    import('./modules/flights/merge-duplicates'),
  ]);
  const clock = processClock(config.env, process.env.TEST_CLOCK_OFFSET_MS);
  if (stopSignal) return;

  const opening = await openConfiguredDatabase(config, 'the Jumpseat server');
  const { database } = opening;
  opened.push({ what: 'closing the database', undo: () => opening.close() });
  if (stopSignal) return;
  await database.migrate();
  if (stopSignal) return;
  // Flights split by spelling or destination before the flight key ('BA0117' beside 'BA117')
  // become one, and every flight's stored key is current (one read when nothing changed).
  const flightsMerged = await mergeDuplicateFlights(database.db, clock.now());
  if (stopSignal) return;
  const admin = await bootstrap.ensureBootstrapAdmin(
    database.db,
    config,
    createPinCipher(config.appSecret),
    clock.now(),
  );
  if (stopSignal) return;

  const server = await buildApp({ config, database, clock, startJobs: true });
  app = server;
  if (flightsMerged.merged > 0 || flightsMerged.renamed > 0 || flightsMerged.rekeyed > 0) {
    server.log.info(
      flightsMerged,
      'flights: duplicates merged, numbers written canonical, flight keys stored',
    );
  }
  opened.push({ what: 'closing the server (requests, sockets, jobs)', undo: () => server.close() });
  if (stopSignal) return;
  await server.listen({ port: config.port, host: config.host });
  if (stopSignal) return;
  const shownHost =
    config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  running = true;
  const url = `http://${shownHost}:${port}`;
  const lines = startupLines({
    url,
    databaseKind: database.kind,
    admin,
    mail: config.smtpUrl
      ? { smtp: true }
      : {
          smtp: false,
          dir: path.join(config.dataDir, 'mail'),
          viewer: devMailEnabled(config) ? `${url}/dev/mail` : null,
        },
    payments: config.stripe.secretKey ? 'stripe' : 'local',
  });
  // Last, and after Fastify's own 'listening' line, so nothing follows them on a quiet start:
  // the logger writes asynchronously, so its buffer is flushed before the lines are printed.
  const logger = server.log as typeof server.log & { flush(done: () => void): void };
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  for (const line of lines) console.log(line);
}

/**
 * What still keeps the process busy, by kind ('TCPSocketWrap x3, Timeout x2'): a stop that
 * outlives its limit says whether connections, timers or files held it.
 */
function heldResources() {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind} x${n}`).join(', ') || 'nothing';
}

async function shutdown(signal: NodeJS.Signals) {
  if (!running) console.log(`Jumpseat stopped during startup (${signal})`);
  app?.log.info({ signal }, 'shutting down');
  let step = 'starting to stop';
  // Written synchronously: the logger's buffer would be lost to process.exit, and with it the
  // only account of why a stop failed.
  const force = setTimeout(() => {
    console.error(`Jumpseat: still ${step} after 15 s (held: ${heldResources()}); exiting with 1`);
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    // Stop accepting, let in-flight requests finish, close sockets, then the database, then
    // release DATA_DIR.
    for (const { what, undo } of opened.reverse()) {
      step = what;
      await undo();
    }
    process.exit(0);
  } catch (err) {
    console.error(`Jumpseat: stopping failed while ${step}:`, err);
    process.exit(1);
  }
}
