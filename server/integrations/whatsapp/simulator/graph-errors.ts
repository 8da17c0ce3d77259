import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** A refusal as Meta's Graph API words it: `{error:{message,type,code,error_subcode?,fbtrace_id}}`. */
export class GraphRefusal extends Error {
  override name = 'GraphRefusal';

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly type = 'OAuthException',
    readonly subcode?: number,
  ) {
    super(message);
  }
}

export function sendGraphRefusal(reply: FastifyReply, refusal: GraphRefusal): FastifyReply {
  return reply.code(refusal.status).send({
    error: {
      message: refusal.message,
      type: refusal.type,
      code: refusal.code,
      ...(refusal.subcode !== undefined && { error_subcode: refusal.subcode }),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

/** Meta's answer for an id the token may not see (or that does not exist). */
export function unknownObject(id: string): GraphRefusal {
  return new GraphRefusal(
    400,
    100,
    `Unsupported request - method type: get. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    'GraphMethodException',
    33,
  );
}

export const invalidToken = () =>
  new GraphRefusal(401, 190, 'Invalid OAuth access token - Cannot parse access token');
