import type { FastifyInstance } from 'fastify';
import type { InvalidationKey } from '../../../domain';

/**
 * Writes that change what every member's screens show (flight lists, crew counts, header
 * counters, the admin's pending badge) are announced as `invalidate` frames, so clients refetch
 * instead of polling. One rule for all such routes, applied after the response (so after the
 * commit), and batched: at most one frame per key set every 2 s, the last change never dropped.
 */
const RULES: { match: RegExp; keys: InvalidationKey[] }[] = [
  { match: /^\/api\/(flights|flight-crew|user\/flights)(\/|$)/, keys: ['flights', 'stats'] },
  { match: /^\/api\/(register\/initiate|admin\/(approve-user|reject-user))/, keys: ['admin'] },
  { match: /^\/api\/users\/online-status$/, keys: ['stats'] },
  {
    match: /^\/api\/auth\/delete-account$|^\/api\/admin\/restore-account/,
    keys: ['flights', 'stats'],
  },
];
const BATCH_MS = 2_000;

export function registerLiveInvalidation(app: FastifyInstance) {
  const pending = new Map<string, NodeJS.Timeout>();
  const last = new Map<string, number>();

  function announce(keys: InvalidationKey[]) {
    const id = keys.join(',');
    if (pending.has(id)) return;
    const wait = Math.max(0, (last.get(id) ?? 0) + BATCH_MS - Date.now());
    const timer = setTimeout(() => {
      pending.delete(id);
      last.set(id, Date.now());
      app.deps.realtime.send('all', { type: 'invalidate', data: { keys } });
    }, wait);
    timer.unref();
    pending.set(id, timer);
  }

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return;
    const path = request.routeOptions.url ?? '';
    for (const rule of RULES) if (rule.match.test(path)) announce(rule.keys);
  });
  app.addHook('onClose', async () => {
    for (const timer of pending.values()) clearTimeout(timer);
  });
}
