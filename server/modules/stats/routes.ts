import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activitySeriesSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  platformOverviewSchema,
  userStatisticsQuerySchema,
  userStatisticsSchema,
} from '../../../domain';
import { createStatsService } from './service';

/** Platform statistics and the audit trail (accounts spec §2 Platform statistics, §7). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = createStatsService(app.deps);
  const admin = { access: 'admin' as const };
  const tags = ['admin'];

  app.get(
    '/api/admin/platform-overview',
    { config: admin, schema: { tags, response: { 200: platformOverviewSchema } } },
    async () => stats.platformOverview(),
  );

  app.get(
    '/api/admin/user-statistics',
    {
      config: admin,
      schema: {
        tags,
        querystring: userStatisticsQuerySchema,
        response: { 200: userStatisticsSchema },
      },
    },
    async (request) => stats.userStatistics(request.query.filter, request.query.sort),
  );

  app.get(
    '/api/admin/activity-series',
    { config: admin, schema: { tags, response: { 200: activitySeriesSchema } } },
    async () => stats.activitySeries(),
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: admin,
      schema: { tags, querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    async (request) => stats.auditLogPage(request.query),
  );
};
