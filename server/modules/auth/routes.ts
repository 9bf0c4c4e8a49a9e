import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasscodeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  MEMBER_LIMITS,
  setPasscodeRequestSchema,
  userSchema,
} from '../../../domain';
import { currentSession, currentUser } from '../../plugins/access';
import { presentSelf } from '../users/presenter';
import { createLoginService, createPinGuard } from './login-service';
import { createPasscodeService, takeResetSlot } from './passcode-service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

const success = z.object({ success: z.boolean(), message: z.string().optional() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const logins = createLoginService(app.deps);
  const passcodes = createPasscodeService(app.deps);

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentSelf(currentUser(request));
    },
  );

  app.post(
    '/api/auth/login',
    {
      // Sign-in limits count failed attempts per address (login-service.ts): a refused body is one.
      config: {
        access: 'public',
        refusedInput: (deps, ip, now) => createPinGuard(deps).chargeRefusedInput(ip, now),
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and PIN',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, body } = await logins.login(request.body, request.ip);
      setSessionCookie(reply, app.deps.config, token);
      return body;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: success } },
    },
    async (request, reply) => {
      if (request.session) await app.deps.sessions.revoke(request.session.tokenHash);
      clearSessionCookie(reply, app.deps.config);
      return { success: true };
    },
  );

  app.post(
    '/api/auth/forgot-passcode',
    {
      config: {
        access: 'public',
        refusedInput: (deps, ip, now) => takeResetSlot(deps, `ip:${ip}`, now),
      },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time PIN reset link',
        body: forgotPasscodeRequestSchema,
        response: { 200: success },
      },
    },
    async (request) => passcodes.forgot(request.body.email, request.ip),
  );

  app.post(
    '/api/auth/reset-passcode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Redeem a reset link: issues a new PIN, shown once',
        body: z.object({
          token: z.string().min(20, 'This reset link has expired or was already used.').max(200),
        }),
        response: { 200: z.object({ success: z.boolean(), pin: z.string(), email: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passcodes.reset(request.body.token);
    },
  );

  app.post(
    '/api/auth/set-passcode',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.account },
      schema: {
        tags: ['auth'],
        summary: 'Set your own PIN',
        body: setPasscodeRequestSchema,
        response: { 200: success },
      },
    },
    async (request) => passcodes.setOwn(currentSession(request), request.body, request.ip),
  );
};
