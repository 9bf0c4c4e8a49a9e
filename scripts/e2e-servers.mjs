// The journeys' shared servers (playwright.config.ts starts this as its one webServer): the
// PGlite server and, with TEST_DATABASE_URL, the PostgreSQL one (scripts/e2e-postgres-server.mjs),
// started side by side. Playwright starts its webServers one after the other and polls each
// for readiness (100 ms, 250 ms, 500 ms, then every second): side by side, the first journey
// starts about 2 s sooner on a quiet 2-core machine. Prints `e2e servers ready` once every server has
// printed its ready line. On SIGTERM or SIGINT stops them all (the PostgreSQL one drops its
// database) and exits 0; when one ends by itself, stops the others and exits 1.
//
// E2E_SERVERS: a JSON list of { name, port, postgres, env }, each server's own environment
// over this process's.

import { connect } from 'node:net';
import { describeExit, RUN_TYPESCRIPT, spawnProcess } from '../server/test/processes.ts';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');

/** True when something answers on this port (a server an earlier run left behind). */
function inUse(port) {
  const probe = (host) =>
    new Promise((resolve) => {
      const socket = connect(port, host)
        .once('connect', () => {
          socket.end();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
  return Promise.all([probe('127.0.0.1'), probe('::1')]).then((found) => found.some(Boolean));
}

for (const { name, port } of servers) {
  if (await inUse(port)) {
    console.error(`e2e-servers: port ${port} (${name}) is in use: a server left from a run?`);
    process.exit(1);
  }
}

const running = servers.map(({ name, postgres, env }) => {
  const args = postgres
    ? ['scripts/e2e-postgres-server.mjs']
    : [...RUN_TYPESCRIPT, 'server/main.ts'];
  const proc = spawnProcess(process.execPath, args, { env: { ...process.env, ...env } });
  proc.child.stdout?.pipe(process.stdout);
  proc.child.stderr?.pipe(process.stderr);
  return { name, proc };
});

let ending;
function end(reason, status) {
  ending ??= (async () => {
    const exits = await Promise.all(running.map(({ proc }) => proc.stop('SIGTERM')));
    const said = running.map(({ name }, i) => `${name} exited ${describeExit(exits[i])}`);
    console.error(`e2e-servers: ${reason}; ${said.join(', ')}`);
    process.exit(status);
  })();
  return ending;
}
process.on('SIGTERM', () => void end('SIGTERM', 0));
process.on('SIGINT', () => void end('SIGINT', 0));
for (const { name, proc } of running) {
  void proc.exited.then((exit) => end(`${name} ended by itself ${describeExit(exit)}`, 1));
}

try {
  await Promise.all(running.map(({ proc }) => proc.printed('Jumpseat is running')));
  console.log('e2e servers ready');
} catch {
  // A server that ended before its ready line: `end` above says which, and how.
}
