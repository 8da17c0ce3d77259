import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { SuccessEnvelope } from '../../contracts/envelope';
import type { RequiredRole } from '../../contracts/roles';
import { requireRole } from '../auth/api/caller';
import type { Idempotency } from './idempotency';
import { zodValidatorCompiler } from './request-validation';
import { looseObjectsIn } from './strict-body';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route() declared this route from; tests that walk every route read it. */
    contract?: RouteContract;
  }
}

/**
 * A call as `contracts/` declares it (plain `as const` objects, so the client can import them without
 * this file). `url` uses Fastify's `:param` syntax; `response` describes the envelope's `data`.
 */
export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly body?: $ZodType;
  readonly response: $ZodType;
  /**
   * A create: the caller may send an `Idempotency-Key` header, and a repeat with the same key answers
   * the first answer instead of creating again (server/http/idempotency.ts).
   */
  readonly idempotent?: true;
  /**
   * The least role in the caller's company that may call it (issue 15); none: every member. Checked
   * after the route's guard, before validation, as a 403 in the envelope.
   */
  readonly minRole?: RequiredRole;
}

type Parsed<S> = S extends $ZodType ? output<S> : undefined;

export interface RouteInput<C extends RouteContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface RouteOptions<C extends RouteContract> {
  /** Success status; 200 unless said otherwise (202 for accepted-for-later, 201 for created). */
  status?: number;
  /** Per-route settings read by plugins, e.g. `{ rateLimit: { max: 5, timeWindow: '1 minute' } }`. */
  config?: FastifyContextConfig;
  /**
   * Who may call (authentication, the caller's company and subscription). Runs BEFORE validation, so
   * a caller who may not use the route learns nothing about what input it takes, and gets the same
   * 401/403/402 whatever they send.
   */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  handler: (input: RouteInput<C>) => Promise<output<C['response']>> | output<C['response']>;
}

/** An idempotent contract's route says where its answers are kept (`idempotencyKeys(db)`). */
export type RouteDefinition<C extends RouteContract> = RouteOptions<C> &
  (C extends { idempotent: true } ? { idempotency: Idempotency } : { idempotency?: never });

/** The body of a call whose contract declares none: nothing, or an empty object, and no fields. */
const noBody = z.optional(z.nullable(z.strictObject({})));

/**
 * Declares one product route from its contract: validates params, query and body (400 with issues on
 * failure), types the handler's input and output, and answers `{ success: true, data }`.
 * Outside production the handler's result is checked against the contract, so drift fails tests.
 * A body schema that would let an unknown field through (an object not strict, at any depth) is
 * refused here, when the app is built: unknown fields are a 400 on every route (README).
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  definition: RouteDefinition<C>,
): void {
  const loose = contract.body ? looseObjectsIn(contract.body) : [];
  if (loose.length > 0) {
    throw new Error(
      `${contract.method} ${contract.url}: the body accepts unknown fields at "${loose[0]}"; declare its objects with z.strictObject`,
    );
  }
  const body = contract.body ?? (contract.method === 'GET' ? undefined : noBody);
  const checkResponse = process.env.NODE_ENV !== 'production';
  const { idempotency } = definition as { idempotency?: Idempotency };
  if (contract.minRole && !definition.preHandler) {
    throw new Error(
      `${contract.method} ${contract.url}: a route with a minRole needs a guard that identifies the caller`,
    );
  }
  const guards = [definition.preHandler ?? [], contract.minRole ? requireRole(contract.minRole) : []].flat();
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(body && { body }),
    },
    validatorCompiler: zodValidatorCompiler,
    config: { ...definition.config, contract },
    ...(guards.length > 0 && { preValidation: guards }),
    async handler(request, reply): Promise<SuccessEnvelope<output<C['response']>>> {
      const run = async () => {
        const data = await definition.handler({
          params: request.params as Parsed<C['params']>,
          query: request.query as Parsed<C['query']>,
          body: request.body as Parsed<C['body']>,
          request,
          reply,
        });
        if (checkResponse) {
          const checked = safeParse(contract.response, data);
          if (!checked.success) {
            // A plain error: the error handler logs it (with the issues) and answers the generic 500.
            throw new Error(`response of ${contract.method} ${contract.url} breaks its contract`, {
              cause: checked.error.issues,
            });
          }
        }
        return data;
      };
      const status = definition.status ?? 200;
      const answer = idempotency
        ? await idempotency.answer(request, reply, status, run)
        : { status, data: await run() };
      reply.code(answer.status);
      // Written by JSON.stringify, on purpose: Fastify's serializer from the contract's JSON Schema
      // (fast-json-stringify, via z.toJSONSchema) was measured for the customers page, tasks today,
      // the dashboard and the board (issue 19, Node 20): 22-28% slower on three, 6% on the dashboard,
      // once its concatenated string is flattened for Content-Length; under 1% of a request's CPU
      // either way. It would also drop unknown fields and coerce types silently.
      return { success: true, data: answer.data };
    },
  });
}
