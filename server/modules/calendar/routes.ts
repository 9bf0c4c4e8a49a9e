import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  MEMBER_LIMITS,
  successResponseSchema,
} from '../../../domain';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { createCalendarService } from './service';

const tags = ['calendar'];
const FEED_NOT_FOUND = 'Calendar not found';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const calendar = createCalendarService(app.deps);

  app.get(
    '/api/user/calendar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the member has a calendar feed address, and since when',
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => calendar.status(currentUser(request)),
  );

  app.post(
    '/api/user/calendar',
    {
      config: { access: 'user', notDemo: true, memberLimit: MEMBER_LIMITS.calendarFeed },
      schema: {
        tags,
        summary: 'A new calendar feed address, shown once (any earlier one stops working)',
        response: { 201: calendarFeedCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await calendar.create(currentUser(request))),
  );

  app.delete(
    '/api/user/calendar',
    {
      config: { access: 'user', notDemo: true, memberLimit: MEMBER_LIMITS.calendarFeed },
      schema: {
        tags,
        summary: 'Turn the calendar feed off: its address stops working',
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await calendar.revoke(currentUser(request));
      return { success: true };
    },
  );

  // The token is the credential: phone calendars fetch it without a session.
  app.get(
    '/api/calendar/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The member's flights as an ICS calendar (404 for an unknown or revoked address)",
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const ics = await calendar.feed(request.params.token);
      if (ics === null) throw notFound(FEED_NOT_FOUND);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};
