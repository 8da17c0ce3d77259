import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isSessionAlive } from '../sessions/auth-sessions';
import type { AccessTokens } from '../tokens/access-tokens';
import { bearerToken } from './bearer';

/** Who is calling: the signed-in user, their sign-in, and the company every query is scoped to. */
export interface Caller {
  userId: string;
  sessionId: string;
  /** The user's current company; null until onboarding creates one. */
  companyId: string | null;
  /** When the access token runs out (ms since the epoch). */
  expiresAt?: number;
}

/** A caller who has a company: what product routes work with. */
export type CompanyCaller = Caller & { companyId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handlers for routes that need a signed-in caller (see server/app.ts). */
    auth: CallerGuards;
  }
  interface FastifyRequest {
    /** Set by the authenticate pre-handlers; null on routes that do not require a session. */
    caller: Caller | null;
  }
}

export const SIGNED_OUT_TEXT = 'Sua sessão expirou. Entre novamente para continuar.';
export const NO_COMPANY_TEXT = 'Cadastre sua empresa para continuar.';

export function unauthenticated(message = SIGNED_OUT_TEXT): HttpError {
  return new HttpError(401, 'UNAUTHENTICATED', message);
}

/**
 * The caller behind a valid, unexpired access token whose sign-in has not been revoked (logout and
 * refresh-token reuse take effect at once, not when the token runs out), or null.
 */
export async function identifyCaller(db: Queryable, tokens: AccessTokens, token: string | undefined) {
  if (!token) return null;
  const verified = await tokens.verify(token);
  if (verified.status !== 'valid') return null;
  const { userId, sessionId } = verified.claims;
  const { rows } = await db.query<{ current_company_id: string | null }>(
    'SELECT current_company_id FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user || !(await isSessionAlive(db, sessionId, userId))) return null;
  return {
    userId,
    sessionId,
    companyId: user.current_company_id,
    expiresAt: verified.expiresAt,
  } satisfies Caller;
}

export interface CallerGuards {
  /** 401 unless a signed-in user calls. */
  requireCaller: preHandlerAsyncHookHandler;
  /** 401 unless a signed-in user calls, 403 unless they have a company: every product route. */
  requireCompany: preHandlerAsyncHookHandler;
}

function challenge(reply: FastifyReply): void {
  reply.header('www-authenticate', 'Bearer realm="fechai"');
}

export function callerGuards(db: Queryable, tokens: AccessTokens): CallerGuards {
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Caller> {
    const caller = await identifyCaller(db, tokens, bearerToken(request.headers.authorization));
    if (!caller) {
      challenge(reply);
      throw unauthenticated();
    }
    request.caller = caller;
    return caller;
  }
  return {
    async requireCaller(request, reply) {
      await authenticate(request, reply);
    },
    async requireCompany(request, reply) {
      const caller = await authenticate(request, reply);
      if (!caller.companyId) throw new HttpError(403, 'FORBIDDEN', NO_COMPANY_TEXT);
    },
  };
}

/** The company a product route works in; only call after requireCompany. */
export function companyOf(request: FastifyRequest): CompanyCaller {
  const caller = request.caller;
  if (!caller?.companyId) throw new Error('companyOf() on a route without requireCompany');
  return caller as CompanyCaller;
}
