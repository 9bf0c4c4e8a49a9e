import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkEmailQuerySchema,
  checkEmailResponseSchema,
  makeRegistrationRequestSchema,
  registrationResponseSchema,
} from '../../../domain';
import { createRegistrationService, takeCheckEmailSlot, takeRegisterSlot } from './service';

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const registrations = createRegistrationService(app.deps);
  const registrationRequest = makeRegistrationRequestSchema(app.deps.config.crewEmailDomains);

  app.get(
    '/api/check-email',
    {
      config: { access: 'public', refusedInput: takeCheckEmailSlot },
      schema: {
        tags: ['registration'],
        summary: 'Is this e-mail registered?',
        querystring: checkEmailQuerySchema,
        response: { 200: checkEmailResponseSchema },
      },
    },
    async (request) => registrations.checkEmail(request.query.email, request.ip),
  );

  app.post(
    '/api/register/initiate',
    {
      config: { access: 'public', refusedInput: takeRegisterSlot },
      schema: {
        tags: ['registration'],
        summary: 'Register: a trial becomes a pending account; paid plans go to payment',
        body: registrationRequest,
        response: { 200: registrationResponseSchema, 201: registrationResponseSchema },
      },
    },
    async (request, reply) => {
      const { status, body } = await registrations.initiate(request.body, request.ip);
      return reply.status(status).send(body);
    },
  );
};
