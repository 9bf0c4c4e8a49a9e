import { readdirSync } from 'node:fs';
import { ownServerPids } from './helpers/own-server';

/**
 * Stops the own servers (helpers/own-server.ts) that outlived their journey: their fixture stops
 * them when the test ends, but a worker killed after a teardown over its time cannot, and its
 * servers would keep their ports and data after the run.
 */
export default function globalTeardown() {
  let pids: string[];
  try {
    pids = readdirSync(ownServerPids());
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
      console.log(`own server ${pid} outlived its journey: killed`);
    } catch {
      // Already gone.
    }
  }
}
