import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_PDF_FILENAME } from '../../../domain';
import { renderWalkthroughPdf } from './walkthrough-pdf';

/** The walkthrough's bytes never change within a release: built once, on first request. */
let cached: Promise<Buffer> | null = null;
const RELEASE_DATE = new Date('2026-01-01T00:00:00.000Z');

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo/download',
    {
      // The walkthrough is for visitors deciding whether to join (accounts spec §6: /demo is public).
      config: { access: 'public' },
      schema: {
        tags: ['demo'],
        summary: 'The demo walkthrough as a PDF, one page per step',
        produces: ['application/pdf'],
      },
    },
    async (_request, reply) => {
      cached ??= renderWalkthroughPdf(RELEASE_DATE).catch((error: unknown) => {
        cached = null;
        throw error;
      });
      const pdf = await cached;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${DEMO_PDF_FILENAME}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(pdf);
    },
  );
};
