// The e2e run's PostgreSQL-backed server (scripts/e2e-servers.mjs starts it when TEST_DATABASE_URL
// is set): creates a scratch database on the PostgreSQL server E2E_POSTGRES_SERVER,
// runs server/main.ts on it (PORT, DATA_DIR, APP_SECRET and the rest from the environment, the
// web build the first e2e server made), and on SIGTERM or SIGINT stops the server and drops the
// database. Its output is the server's.

import { describeExit, spawnServer } from '../server/test/processes.ts';
import { createScratchDatabase } from './scratch-database.mjs';

const serverUrl = process.env.E2E_POSTGRES_SERVER;
if (!serverUrl) {
  console.error('e2e-postgres-server: E2E_POSTGRES_SERVER is required');
  process.exit(2);
}

const { url, drop } = await createScratchDatabase(serverUrl, 'jumpseat_e2e');
const server = spawnServer({ ...process.env, DATABASE_URL: url });
server.child.stdout?.pipe(process.stdout);
server.child.stderr?.pipe(process.stderr);

let ending;
async function end(reason) {
  ending ??= (async () => {
    const exit = await server.stop('SIGTERM');
    await drop().catch((error) => console.error(`e2e-postgres-server: drop failed: ${error}`));
    console.error(`e2e-postgres-server: ${reason}; server exited ${describeExit(exit)}`);
    // Stopped by the run: done. Ended by itself: as it ended (Playwright reports an early exit).
    process.exit(reason === 'server exited' && exit.code !== 0 ? 1 : 0);
  })();
  return ending;
}
process.on('SIGTERM', () => void end('SIGTERM'));
process.on('SIGINT', () => void end('SIGINT'));
// A server that ends by itself (a bad start) takes its database with it.
void server.exited.then(() => end('server exited'));
