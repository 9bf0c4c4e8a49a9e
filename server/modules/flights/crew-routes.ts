import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  crewEntrySchema,
  idParamSchema,
  joinFlightRequestSchema,
  leaveFlightsRequestSchema,
  leaveFlightsResponseSchema,
  MEMBER_LIMITS,
  successResponseSchema,
  updateCrewEntryRequestSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createCrewService } from './membership';

const tags = ['crew'];

export const crewRoutes: FastifyPluginAsyncZod = async (app) => {
  const crew = createCrewService(app.deps);

  app.post(
    '/api/flight-crew',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoJoin,
        memberLimit: MEMBER_LIMITS.joinLeave,
      },
      schema: {
        tags,
        summary: "Join a flight with a role, tags and a note (400 'already on this flight')",
        body: joinFlightRequestSchema,
        response: { 201: crewEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await crew.join(currentUser(request), request.body)),
  );

  app.post(
    '/api/flight-crew/leave',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoRemoveCrew,
        memberLimit: MEMBER_LIMITS.joinLeave,
      },
      schema: {
        tags,
        summary:
          'Leave several flights at once (a re-imported roster); each is left or refused with its reason',
        body: leaveFlightsRequestSchema,
        response: { 200: leaveFlightsResponseSchema },
      },
    },
    async (request) => crew.leaveMany(currentUser(request), request.body.flightIds),
  );

  app.patch(
    '/api/flight-crew/:id',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoEditProfile,
        memberLimit: MEMBER_LIMITS.crewNotes,
      },
      schema: {
        tags,
        summary: "Change one's own tags and note on a flight",
        params: idParamSchema,
        body: updateCrewEntryRequestSchema,
        response: { 200: crewEntrySchema },
      },
    },
    async (request) => crew.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/flight-crew/:id',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoRemoveCrew,
        memberLimit: MEMBER_LIMITS.joinLeave,
      },
      schema: {
        tags,
        summary: 'Remove a crew member (admins) or leave a flight (the member)',
        params: idParamSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await crew.remove(currentUser(request), request.params.id);
      return { success: true };
    },
  );
};
