import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../../contracts/canonical-json';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  isIdempotencyKey,
} from '../../contracts/idempotency-key';
import { companyOf } from '../auth/api/caller';
import type { CommandDb } from '../db/command-transaction';
import type { Queryable } from '../db/types';
import { HttpError } from './errors';

/**
 * Idempotency-Key on creates: a caller that did not get the answer of a create (a time-out, a lost
 * connection) sends it again with the same key and gets the first answer instead of a second row.
 *
 * - The key is the caller's within their company: another user or company with the same key is
 *   another request, and never sees this one's answer.
 * - The key's row is claimed first and written in the create's own transaction (the command
 *   transaction, server/db/command-transaction.ts), with the answer: a create that committed has its
 *   answer stored, one that failed left nothing. Two requests with one key at once: the second
 *   waits for the first's transaction on the key's row, then answers its stored answer.
 * - Only successes are kept. A refused create (4xx) or a failure (5xx) rolls back with its key, so
 *   the corrected request runs.
 * - The same key with another method, path or body is refused (422), never answered with the
 *   first answer of something else.
 */

/** Set on an answer that repeats the stored one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** Node lower-cases header names. */
const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Keys are kept this long; a repeat after it is a new create. Clients retry within minutes. */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

export const IDEMPOTENCY_KEY_INVALID_TEXT = `Cabeçalho Idempotency-Key inválido: use de 1 a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis, sem espaços.`;
export const IDEMPOTENCY_KEY_REUSED_TEXT =
  'Esta Idempotency-Key já foi usada com outros dados. Use uma chave nova para um pedido novo.';

export interface Answer<T> {
  status: number;
  data: T;
}

/** What `route()` asks of a route whose contract is idempotent. */
export interface Idempotency {
  answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    run: () => Promise<T>,
  ): Promise<Answer<T>>;
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

/** The key the request sent, undefined without one; a 400 when it is malformed. */
function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !isIdempotencyKey(key)) {
    throw new HttpError(400, 'VALIDATION_ERROR', IDEMPOTENCY_KEY_INVALID_TEXT, [
      { path: `headers.${KEY_HEADER}`, message: IDEMPOTENCY_KEY_INVALID_TEXT },
    ]);
  }
  return key;
}

/** Idempotency-Key answers kept in `db`, which must be the Db the route's module uses. */
export function idempotencyKeys(db: CommandDb): Idempotency {
  return {
    async answer(request, reply, status, run) {
      const key = keyOf(request);
      if (key === undefined) return { status, data: await run() };
      const { companyId, userId } = companyOf(request);
      const scope = [companyId, userId, key];
      const fingerprint = fingerprintOf(request);
      return db.command(async (tx) => {
        // Waits here while another request with this key is in its transaction.
        const claimed = await tx.query(
          `INSERT INTO idempotency_keys (company_id, user_id, key, fingerprint) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING`,
          [...scope, fingerprint],
        );
        if (claimed.rowCount === 0) {
          const { rows } = await tx.query<{ fingerprint: string; status: number; response: unknown }>(
            'SELECT fingerprint, status, response FROM idempotency_keys WHERE company_id = $1 AND user_id = $2 AND key = $3',
            scope,
          );
          const stored = rows[0]!;
          if (stored.fingerprint !== fingerprint) {
            throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_TEXT);
          }
          reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return { status: stored.status, data: stored.response as never };
        }
        const data = await run();
        await tx.query(
          `UPDATE idempotency_keys SET status = $4, response = $5::json
            WHERE company_id = $1 AND user_id = $2 AND key = $3`,
          [...scope, status, JSON.stringify(data)],
        );
        return { status, data };
      });
    },
  };
}

/** Deletes keys older than their retention; answers how many. */
export async function pruneIdempotencyKeys(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)',
    [IDEMPOTENCY_KEY_RETENTION_HOURS],
  );
  return rowCount;
}
