import type { FastifyReply } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain';
import type { Config } from '../../config';
import { sessionCookieName } from '../../plugins/access';
import { SESSION_ABSOLUTE_MS } from '../../sessions/session-store';

/** httpOnly, SameSite=Lax; Secure with the __Host- prefix when the public URL is https. */
export function sessionCookieOptions(config: Config) {
  const secure = config.publicUrl.startsWith('https:');
  return {
    name: sessionCookieName(config.publicUrl),
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      path: '/',
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    },
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  const { name, options } = sessionCookieOptions(config);
  reply.setCookie(name, token, options);
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  const { name, options } = sessionCookieOptions(config);
  reply.clearCookie(name, {
    path: options.path,
    secure: options.secure,
    sameSite: 'lax',
    httpOnly: true,
  });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, {
    path: options.path,
    secure: options.secure,
    sameSite: 'lax',
  });
}
