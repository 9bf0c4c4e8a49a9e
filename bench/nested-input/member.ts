/**
 * The measured member of `npm run bench:nested`, in its own process like the attacker: a member's
 * browser is not in the server's process, and timing from inside it charged the server for the
 * client's own work (decompressing each gzipped 2,000-flight list, a few ms a request on the
 * server's thread, each of its async steps queued behind the attack's I/O). Each request is timed
 * from send to the last byte, one at a time; answers the times and statuses of each run asked for.
 */
import { timedGet } from '../../server/test/nested-attack';

type Run = { base: string; cookie: string; samples: number };

process.on('message', async (run: Run | 'exit') => {
  if (run === 'exit') return process.disconnect();
  const times: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < run.samples; i++) {
    const { ms, status } = await timedGet(run.base, run.cookie);
    times.push(ms);
    statuses.push(status);
  }
  process.send?.({ times, statuses });
});
