import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type RequiredRole, ROLE_FORBIDDEN_TEXT, type Role, roleAllows } from '../../../contracts/roles';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import type { AccessClaims, AccessTokens } from '../tokens/access-tokens';
import { bearerToken } from './bearer';
import type { CallerCache } from './caller-cache';
import { type CallerRecord, loadCallerRecord } from './caller-record';
import { ACCESS_TOKEN_COOKIE, cookieValue } from './cookie-token';

/** Who is calling: the signed-in user, their sign-in, and the company every query is scoped to. */
export interface Caller {
  userId: string;
  sessionId: string;
  /** The user's current company; null until onboarding creates one (or they join one). */
  companyId: string | null;
  /** Their role in the current company; null without one. */
  role: Role | null;
  /** When the access token runs out (ms since the epoch). */
  expiresAt?: number;
}

/** A caller who has a company: what product routes work with. */
export type CompanyCaller = Caller & { companyId: string; role: Role };

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
export const SUBSCRIPTION_REQUIRED_TEXT = 'Sua assinatura não está ativa. Assine um plano para continuar.';

export function unauthenticated(message = SIGNED_OUT_TEXT): HttpError {
  return new HttpError(401, 'UNAUTHENTICATED', message);
}

function callerOfRecord(record: CallerRecord, expiresAt?: number): Caller {
  return {
    userId: record.userId,
    sessionId: record.sessionId,
    companyId: record.companyId,
    role: record.role,
    ...(expiresAt && { expiresAt }),
  };
}

/**
 * The caller a verified token names, if its user exists and its sign-in is still open, read from the
 * database (the session check and realtime, which must not answer from a cache).
 */
export async function callerFromClaims(
  db: Queryable,
  claims: AccessClaims,
  expiresAt?: number,
): Promise<Caller | null> {
  const record = await loadCallerRecord(db, claims);
  return record && callerOfRecord(record, expiresAt);
}

/** The caller behind a valid, unexpired access token of an open sign-in, or null. */
export async function identifyCaller(
  db: Queryable,
  tokens: AccessTokens,
  token: string | undefined,
): Promise<Caller | null> {
  if (!token) return null;
  const verified = await tokens.verify(token);
  return verified.status === 'valid' ? callerFromClaims(db, verified.claims, verified.expiresAt) : null;
}

export interface CallerGuards {
  /** 401 unless a signed-in user calls. */
  requireCaller: preHandlerAsyncHookHandler;
  /** 401 unless a signed-in user calls, 403 unless they have a company. */
  requireCompany: preHandlerAsyncHookHandler;
  /**
   * requireCompany, then 402 unless the company's subscription (trial or paid) is current — the
   * same rule as the session check's hasNoCurrentSubscriptionActive. Every product route of the
   * signed-in area (customers, tasks, sales, services, dashboard…).
   */
  requireSubscriber: preHandlerAsyncHookHandler;
  /**
   * requireSubscriber for files the page loads by address (<img>, <audio>, a download link), which
   * cannot carry an authorization header: the session's access_token cookie (SameSite strict, so
   * another site's page never sends it) stands in for the header. Only for GETs that change nothing.
   */
  requireSubscriberByCookie: preHandlerAsyncHookHandler;
}

function challenge(reply: FastifyReply): void {
  reply.header('www-authenticate', 'Bearer realm="fechai"');
}

export function callerGuards(tokens: AccessTokens, callers: CallerCache): CallerGuards {
  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    token = bearerToken(request.headers.authorization),
  ): Promise<CallerRecord> {
    const verified = token ? await tokens.verify(token) : undefined;
    const record = verified?.status === 'valid' ? await callers.get(verified.claims) : null;
    if (verified?.status !== 'valid' || !record) {
      challenge(reply);
      throw unauthenticated();
    }
    request.caller = callerOfRecord(record, verified.expiresAt);
    return record;
  }
  async function requireSubscriber(request: FastifyRequest, reply: FastifyReply, token?: string) {
    const record = await authenticate(request, reply, token);
    if (!record.companyId) throw new HttpError(403, 'FORBIDDEN', NO_COMPANY_TEXT);
    if (record.subscribedUntil === null || record.subscribedUntil <= Date.now()) {
      throw new HttpError(402, 'SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_TEXT);
    }
  }
  return {
    async requireCaller(request, reply) {
      await authenticate(request, reply);
    },
    async requireCompany(request, reply) {
      const record = await authenticate(request, reply);
      if (!record.companyId) throw new HttpError(403, 'FORBIDDEN', NO_COMPANY_TEXT);
    },
    async requireSubscriber(request, reply) {
      await requireSubscriber(request, reply);
    },
    async requireSubscriberByCookie(request, reply) {
      const header = bearerToken(request.headers.authorization);
      await requireSubscriber(
        request,
        reply,
        header ?? cookieValue(request.headers.cookie, ACCESS_TOKEN_COOKIE),
      );
    },
  };
}

/**
 * 403 unless the caller's role in their current company reaches `minRole` (contracts/roles.ts). route()
 * runs it after the route's own guard for every contract that declares a `minRole`.
 */
export function requireRole(minRole: RequiredRole): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = request.caller;
    if (!caller)
      throw new Error(`a route needing the ${minRole} role has no guard that identifies the caller`);
    if (!roleAllows(caller.role, minRole)) throw new HttpError(403, 'FORBIDDEN', ROLE_FORBIDDEN_TEXT);
  };
}

/** The signed-in caller of a route; only call after requireCaller (or requireCompany). */
export function callerOf(request: FastifyRequest): Caller {
  const caller = request.caller;
  if (!caller) throw new Error('callerOf() on a route without requireCaller');
  return caller;
}

/** The company a product route works in; only call after requireCompany. */
export function companyOf(request: FastifyRequest): CompanyCaller {
  const caller = request.caller;
  if (!caller?.companyId) throw new Error('companyOf() on a route without requireCompany');
  return caller as CompanyCaller;
}
