import type { FastifyRequest } from 'fastify';
import { realtimeProtocol } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import type { RealtimeAuthenticate } from '../../realtime/routes';
import { isSessionAlive } from '../sessions/auth-sessions';
import type { AccessTokens } from '../tokens/access-tokens';
import { bearerToken } from './bearer';
import { identifyCaller } from './caller';

/** The access token offered as a subprotocol beside ours (see contracts/realtime.ts). */
function offeredToken(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value && value !== realtimeProtocol);
  return offered[0] ?? bearerToken(request.headers.authorization);
}

/**
 * A realtime socket belongs to the signed-in caller's company; without one it is refused (4401). It
 * lasts only as long as its access token and its sign-in: logout, refresh-token reuse or a password
 * reset end it at the next heartbeat.
 */
export function realtimeAuthenticate(db: Queryable, tokens: AccessTokens): RealtimeAuthenticate {
  return async (request) => {
    const caller = await identifyCaller(db, tokens, offeredToken(request));
    if (!caller?.companyId) return null;
    const { userId, sessionId } = caller;
    return {
      companyId: caller.companyId,
      userId,
      expiresAt: caller.expiresAt,
      stillValid: () => isSessionAlive(db, sessionId, userId),
    };
  };
}

/** Picks our subprotocol when offered, so the token offered beside it is never echoed back. */
export function selectRealtimeProtocol(protocols: Set<string>): string | false {
  return protocols.has(realtimeProtocol) ? realtimeProtocol : false;
}
