import type { FastifyBaseLogger } from 'fastify';

type Job = { name: string; everyMs: number; run(): Promise<unknown> };

/**
 * Runs each job on its interval, never two runs of one job at once in this process. Jobs that
 * must run on one instance only claim their work in the database (SKIP LOCKED / advisory locks).
 * `kick(name)` runs a job soon, e.g. the mail job right after a mail was queued.
 */
export function createScheduler(log: FastifyBaseLogger) {
  const jobs = new Map<
    string,
    Job & { timer?: NodeJS.Timeout; running: boolean; again: boolean }
  >();
  let started = false;

  async function run(name: string) {
    const job = jobs.get(name);
    if (!job || !started) return;
    if (job.running) {
      job.again = true;
      return;
    }
    job.running = true;
    try {
      await job.run();
    } catch (err) {
      log.error({ err, job: name }, 'job failed');
    } finally {
      job.running = false;
      if (job.again && started) {
        job.again = false;
        setImmediate(() => void run(name));
      }
    }
  }

  return {
    add(job: Job) {
      jobs.set(job.name, { ...job, running: false, again: false });
    },
    start() {
      started = true;
      for (const job of jobs.values()) {
        job.timer = setInterval(() => void run(job.name), job.everyMs);
        job.timer.unref();
        void run(job.name);
      }
    },
    kick(name: string) {
      if (started) setImmediate(() => void run(name));
    },
    async stop() {
      started = false;
      for (const job of jobs.values()) clearInterval(job.timer);
      // Let a run in flight finish so nothing is half-sent at shutdown.
      while ([...jobs.values()].some((j) => j.running)) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
