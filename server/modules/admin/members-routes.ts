import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminActionResponseSchema,
  adminUpdatePasscodeRequestSchema,
  adminUpdatePasscodeResponseSchema,
  adminUserFlightsResponseSchema,
  adminUserListSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  createUserResponseSchema,
  deletePastFlightsResponseSchema,
  idParamSchema,
  MEMBER_LIMITS,
  makeCreateUserRequestSchema,
  pastFlightsPreviewSchema,
  removeDataResponseSchema,
  resetOnlineResponseSchema,
  revealPasscodeResponseSchema,
  signOutAllResponseSchema,
  toggleAdminRequestSchema,
  toggleAdminResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createMemberActionsService } from './member-actions-service';
import { createMembersService } from './members-service';

/** The admin's member management (accounts spec §2 Admin dashboard and its dialogs, §7). */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = createMembersService(app.deps);
  const actions = createMemberActionsService(app.deps);
  const admin = { access: 'admin' as const, memberLimit: MEMBER_LIMITS.admin };
  const createUserRequest = makeCreateUserRequestSchema(app.deps.config);
  const tags = ['admin'];

  app.get(
    '/api/users/all',
    { config: admin, schema: { tags, response: { 200: adminUserListSchema } } },
    async () => members.all(),
  );

  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } },
    },
    async (request) => members.page(request.query),
  );

  app.get(
    '/api/admin/user-flights/:id',
    {
      config: admin,
      schema: { tags, params: idParamSchema, response: { 200: adminUserFlightsResponseSchema } },
    },
    async (request) => members.detail(request.params.id),
  );

  app.post(
    '/api/users/:id/update-passcode',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: adminUpdatePasscodeRequestSchema,
        response: { 200: adminUpdatePasscodeResponseSchema },
      },
    },
    async (request) =>
      actions.updatePasscode(currentUser(request), request.params.id, request.body.passcode),
  );

  app.post(
    '/api/admin/users/:id/reveal-passcode',
    {
      config: admin,
      schema: { tags, params: idParamSchema, response: { 200: revealPasscodeResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return actions.revealPasscode(currentUser(request), request.params.id);
    },
  );

  app.post(
    '/api/admin/users/:id/sign-out-all',
    {
      config: admin,
      schema: { tags, params: idParamSchema, response: { 200: signOutAllResponseSchema } },
    },
    async (request) => actions.signOutAll(currentUser(request), request.params.id),
  );

  app.post(
    '/api/users/:id/remove-data',
    {
      config: admin,
      schema: { tags, params: idParamSchema, response: { 200: removeDataResponseSchema } },
    },
    async (request) => actions.removeData(currentUser(request), request.params.id),
  );

  app.post(
    '/api/admin/users/create',
    {
      config: admin,
      schema: {
        tags,
        body: createUserRequest,
        response: { 200: createUserResponseSchema },
      },
    },
    async (request) => actions.create(currentUser(request), request.body),
  );

  app.post(
    '/api/users/:id/toggle-admin',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: toggleAdminRequestSchema,
        response: { 200: toggleAdminResponseSchema },
      },
    },
    async (request) =>
      actions.toggleAdmin(currentUser(request), request.params.id, request.body.isAdmin),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      config: admin,
      schema: { tags, params: idParamSchema, response: { 200: adminActionResponseSchema } },
    },
    async (request) => actions.remove(currentUser(request), request.params.id),
  );

  app.post(
    '/api/admin/reset-online-status',
    { config: admin, schema: { tags, response: { 200: resetOnlineResponseSchema } } },
    async (request) => actions.resetOnline(currentUser(request)),
  );

  app.get(
    '/api/admin/past-flights',
    { config: admin, schema: { tags, response: { 200: pastFlightsPreviewSchema } } },
    async () => actions.pastFlightsPreview(),
  );

  app.post(
    '/api/admin/delete-past-flights',
    { config: admin, schema: { tags, response: { 200: deletePastFlightsResponseSchema } } },
    async (request) => actions.deletePastFlights(currentUser(request)),
  );
};
