import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['operations'], response: { 200: healthResponse, 503: healthResponse } },
    },
    async (_request, reply) => {
      const db = app.deps.database;
      try {
        await withTimeout(db.ping(), 2_000);
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, db: db.kind });
      }
      // The database answers but this instance no longer hears the others' live events (its
      // LISTEN connection is down and reconnecting): out of rotation until it is back.
      if (!app.deps.bus.listening()) {
        return reply.status(503).send({ status: 'degraded' as const, db: db.kind });
      }
      return { status: 'ok' as const, db: db.kind };
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
