import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { checkSessionContract, sessionHeaders, validateEmailContract } from '../../../contracts/session';
import { bearerToken } from '../../auth/api/bearer';
import { callerFromClaims, unauthenticated } from '../../auth/api/caller';
import { consumeEmailToken } from '../../auth/email-tokens';
import { rotateRefreshToken } from '../../auth/sessions/auth-sessions';
import type { AccessTokens } from '../../auth/tokens/access-tokens';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { loadSessionState } from './session-state';

export interface SessionRoutesOptions {
  db: Db;
  tokens: AccessTokens;
}

const REUSED_TEXT = 'Por segurança, sua sessão foi encerrada. Entre novamente.';
/**
 * An access token this close to its end is renewed when its refresh token comes along: the client
 * refreshes a minute before `exp`, and calls made in that minute must not start failing.
 */
export const RENEW_WITHIN_MS = 2 * 60_000;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

function refuse(reply: FastifyReply, message?: string): never {
  reply.header('www-authenticate', 'Bearer realm="fechai"');
  throw unauthenticated(message);
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { db, tokens }) => {
  /**
   * Spec §7. A valid access token answers the session as is. An expired one (ours, only late), one
   * about to expire, or none, with a refresh token of the same sign-in, rotates both and answers the
   * new pair. A tampered or
   * foreign access token is refused whatever comes with it.
   */
  route(app, checkSessionContract, {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    async handler({ request, reply }) {
      const accessToken = bearerToken(request.headers[sessionHeaders.authorization]);
      const refreshToken = header(request, sessionHeaders.refreshToken);

      const verified = accessToken ? await tokens.verify(accessToken) : undefined;
      const renewable =
        verified?.status === 'valid' && refreshToken && verified.expiresAt - Date.now() < RENEW_WITHIN_MS;
      if (verified?.status === 'valid' && !renewable) {
        const caller = await callerFromClaims(db, verified.claims);
        const state = caller && (await loadSessionState(db, caller.userId));
        if (!state) refuse(reply);
        return state;
      }
      if (verified?.status === 'invalid' || !refreshToken) refuse(reply);

      const rotated = await rotateRefreshToken(db, refreshToken, verified?.claims.sessionId);
      if (rotated.status === 'reused') {
        request.log.warn({ event: 'refresh_token_reuse' }, 'a rotated refresh token was used again');
        refuse(reply, REUSED_TEXT);
      }
      if (rotated.status !== 'rotated') refuse(reply);
      const state = await loadSessionState(db, rotated.userId);
      if (!state) refuse(reply);
      const newAccessToken = await tokens.sign({ userId: rotated.userId, sessionId: rotated.sessionId });
      return { ...state, tokens: { accessToken: newAccessToken, refreshToken: rotated.refreshToken } };
    },
  });

  /** The link of the verification e-mail opens /signup, which calls this (spec §2, §7). Single use. */
  route(app, validateEmailContract, {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    async handler({ body }) {
      const validated = await db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, body.verificationToken, 'verify_email');
        if (!used) return false;
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1',
          [used.userId],
        );
        return true;
      });
      return { validated };
    },
  });
};
