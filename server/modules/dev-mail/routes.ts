import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX } from '../../../domain';
import { newestMails } from './service';

const query = z.object({
  to: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()).optional(),
});

/**
 * GET /dev/mail?to=...: the newest mails written to DATA_DIR/mail, as plain text, so someone
 * trying the app locally reads a new member's PIN or a reset link without opening .eml files.
 * Admin-only (a loopback check would let through everything a local reverse proxy forwards);
 * app.ts registers it only when devMailEnabled(config).
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mail',
    { config: { access: 'admin' }, schema: { hide: true, querystring: query } },
    async (request, reply) => {
      const text = await newestMails(path.join(app.deps.config.dataDir, 'mail'), request.query.to);
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('cache-control', 'no-store');
      return text;
    },
  );
};
