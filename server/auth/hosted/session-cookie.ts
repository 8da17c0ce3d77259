import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AUTH_SESSION_DAYS } from '../sessions/auth-sessions';
import { clearCookie, readCookie, setCookie } from './cookies';

/**
 * The hosted login's own cookie: the secret of the auth session it started, so /auth/logout can end
 * that session. SameSite=Lax because the app reaches /auth/logout by a top-level navigation, which
 * may come from another site when the hosted login runs on a host of its own.
 */
const SESSION_COOKIE = 'fechai_auth_session';

export const readSessionCookie = (request: FastifyRequest) => readCookie(request, SESSION_COOKIE);

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'authUrl'>,
  ssoSecret: string,
): void {
  setCookie(request, reply, config, SESSION_COOKIE, ssoSecret, {
    sameSite: 'Lax',
    maxAge: AUTH_SESSION_DAYS * 24 * 60 * 60,
  });
}

export const clearSessionCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'authUrl'>,
) => clearCookie(request, reply, config, SESSION_COOKIE, 'Lax');
