import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  flightIdParamSchema,
  idParamSchema,
  MEMBER_LIMITS,
  markReadResponseSchema,
  sendWaveRequestSchema,
  waveCheckResponseSchema,
  waveListSchema,
  waveSchema,
  waveStatusUpdateRequestSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createWavesService } from './service';

export const waveRoutes: FastifyPluginAsyncZod = async (app) => {
  const wavesService = createWavesService(app.deps);
  const tags = ['waves'];

  app.get(
    '/api/waves',
    { config: { access: 'user' }, schema: { tags, response: { 200: waveListSchema } } },
    async (request) => wavesService.list(currentUser(request)),
  );

  app.get(
    '/api/waves/check/:flightId',
    {
      config: { access: 'user' },
      schema: { tags, params: flightIdParamSchema, response: { 200: waveCheckResponseSchema } },
    },
    async (request) => wavesService.check(currentUser(request), request.params.flightId),
  );

  app.post(
    '/api/waves',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoWave,
        memberLimit: MEMBER_LIMITS.waves,
      },
      schema: { tags, body: sendWaveRequestSchema, response: { 201: waveSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await wavesService.send(currentUser(request), request.body)),
  );

  app.put(
    '/api/waves/:id/status',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoRespond,
        memberLimit: MEMBER_LIMITS.waves,
      },
      schema: {
        tags,
        params: idParamSchema,
        body: waveStatusUpdateRequestSchema,
        response: { 200: waveSchema },
      },
    },
    async (request) =>
      wavesService.respond(currentUser(request), request.params.id, request.body.status),
  );

  app.put(
    '/api/waves/:id/read',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoMarkRead,
        memberLimit: MEMBER_LIMITS.readMarks,
      },
      schema: { tags, params: idParamSchema, response: { 200: markReadResponseSchema } },
    },
    async (request) => wavesService.markRead(currentUser(request), request.params.id),
  );

  app.post(
    '/api/waves/read-all',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoMarkRead,
        memberLimit: MEMBER_LIMITS.readMarks,
      },
      schema: { tags, response: { 200: markReadResponseSchema } },
    },
    async (request) => wavesService.markAllRead(currentUser(request)),
  );

  app.delete(
    '/api/waves/:id',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoDeleteWave,
        memberLimit: MEMBER_LIMITS.waves,
      },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await wavesService.remove(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
