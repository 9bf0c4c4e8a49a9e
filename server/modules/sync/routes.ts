import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { syncQuerySchema, syncResponseSchema } from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createSyncService } from './service';

/** GET /api/sync: what a reconnecting client missed (docs/api.md 'Real time'). */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const syncService = createSyncService(app.deps);

  app.get(
    '/api/sync',
    {
      config: { access: 'user' },
      schema: {
        tags: ['realtime'],
        querystring: syncQuerySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => syncService.since(currentUser(request), request.query.since),
  );
};
