import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../db/types';
import { tokenWaba } from './store';

/** The business token of a Graph call (`Authorization: Bearer …`), or ''. */
function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The account (WABA) the call's live business token acts for; 401 (190) otherwise. */
export function callerWaba(q: Queryable, request: FastifyRequest): Promise<string> {
  return tokenWaba(q, bearer(request));
}
