import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  idParamSchema,
  MEMBER_LIMITS,
  onlineStatusResponseSchema,
  onlineStatusSchema,
  PROFILE_PICTURE_FAILED,
  PROFILE_PICTURE_MAX_BYTES,
  passcodeRevealResponseSchema,
  profilePictureRequestSchema,
  profilePictureResponseSchema,
  profileSetupRequestSchema,
  updateContactEmailRequestSchema,
  updateContactEmailResponseSchema,
  updateProfileRequestSchema,
  userAnalyticsSchema,
  userSchema,
  userStatsResponseSchema,
} from '../../../domain';
import { badRequest } from '../../lib/errors';
import { currentSession, currentUser } from '../../plugins/access';
import { createProfilePictureService } from './profile-picture-service';
import { createProfileService } from './service';

const INVALID_JSON = 'Invalid JSON body';
/**
 * The picture's route alone takes a body this large: 2 MB as base64 is 2.8 MB. Every other
 * route keeps the app's 1 MB.
 */
const PICTURE_BODY_LIMIT = Math.ceil((PROFILE_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;
/** A picture's URL names its version (?v=hash): the bytes behind one URL never change. */
const PICTURE_CACHE = 'private, max-age=31536000, immutable';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService(app.deps);
  const pictures = createProfilePictureService(app.deps);
  const editable = {
    access: 'user' as const,
    notDemo: true as const,
    demoMessage: ACCESS_REASONS.demoEditProfile,
    memberLimit: MEMBER_LIMITS.profile,
  };

  app.put(
    '/api/users/profile',
    {
      config: editable,
      schema: {
        tags: ['users'],
        summary: 'Update any of your editable profile fields and privacy settings',
        body: updateProfileRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => profiles.updateProfile(currentUser(request), request.body),
  );

  app.patch(
    '/api/users/me',
    {
      config: editable,
      schema: {
        tags: ['users'],
        summary: 'First-time profile setup',
        body: profileSetupRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => profiles.setup(currentUser(request), request.body),
  );

  app.post(
    '/api/users/me/skip-setup',
    {
      config: editable,
      schema: {
        tags: ['users'],
        summary: "First-time setup's 'Skip for Now': sign-in no longer leads to /profile-setup",
        response: { 200: userSchema },
      },
    },
    async (request) => profiles.skipSetup(currentUser(request)),
  );

  app.post(
    '/api/users/accept-disclaimer',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.profile },
      schema: {
        tags: ['users'],
        summary: 'Accept the disclaimer shown before any member screen (kept on the user)',
        response: { 200: userSchema },
      },
    },
    async (request) => profiles.acceptDisclaimer(currentUser(request)),
  );

  app.get(
    '/api/users/me/analytics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Your live and all-time counts (profile stat cards)',
        response: { 200: userAnalyticsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return profiles.analytics(currentUser(request));
    },
  );

  app.get(
    '/api/users/me/passcode',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Your own PIN, for the masked field with reveal',
        response: { 200: passcodeRevealResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return profiles.passcode(currentSession(request));
    },
  );

  app.get(
    '/api/users/stats',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Members online now and connections made on the platform',
        response: { 200: userStatsResponseSchema },
      },
    },
    async () => profiles.stats(),
  );

  app.post(
    '/api/admin/update-contact-email',
    {
      config: { access: 'admin', memberLimit: MEMBER_LIMITS.profile },
      schema: {
        tags: ['admin'],
        summary: "Set the signed-in admin's contact e-mail",
        body: updateContactEmailRequestSchema,
        response: { 200: updateContactEmailResponseSchema },
      },
    },
    async (request) => profiles.updateContactEmail(currentUser(request), request.body.contactEmail),
  );

  app.put(
    '/api/users/me/profile-picture',
    {
      config: { access: 'admin', memberLimit: MEMBER_LIMITS.profile },
      bodyLimit: PICTURE_BODY_LIMIT,
      // Beyond even that, Fastify stops reading: still the spec's picture text, as a 400.
      errorHandler(error, request, reply) {
        const refused =
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? badRequest(PROFILE_PICTURE_FAILED) : error;
        return app.errorHandler.call(this, refused as typeof error, request, reply);
      },
      schema: {
        tags: ['users'],
        summary: "Set the signed-in admin's profile picture (a JPG, PNG or GIF data URL, ≤ 2 MB)",
        body: profilePictureRequestSchema,
        response: { 200: profilePictureResponseSchema },
      },
    },
    async (request) => pictures.update(currentUser(request), request.body.profilePictureUrl),
  );

  app.delete(
    '/api/users/me/profile-picture',
    {
      config: { access: 'admin', memberLimit: MEMBER_LIMITS.profile },
      schema: { tags: ['users'], summary: "Remove the signed-in admin's profile picture" },
    },
    async (request, reply) => {
      await pictures.remove(currentUser(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:id/profile-picture',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "A user's profile picture (the bytes; its URL is on the user)",
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const picture = await pictures.read(request.params.id);
      return reply
        .header('content-type', picture.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', PICTURE_CACHE)
        .send(picture.bytes);
    },
  );

  // The unload beacon posts text/plain (navigator.sendBeacon with a string): in this scope only,
  // text/plain bodies are read as JSON. Same-origin beacons pass the CSRF guard as any fetch does.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(badRequest(INVALID_JSON), undefined);
      }
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/users/online-status',
      {
        config: { access: 'user', memberLimit: MEMBER_LIMITS.onlineStatus },
        schema: {
          tags: ['users'],
          summary: 'Heartbeat (true) or going offline (false); also the unload beacon',
          body: onlineStatusSchema,
          response: { 200: onlineStatusResponseSchema },
        },
      },
      async (request) => profiles.setOnline(currentUser(request), request.body.isOnline),
    );
  });
};
