import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type MessagingContext, sendFromBusiness } from './business-send';
import {
  GraphRefusal,
  invalidParameter,
  invalidToken,
  sendGraphRefusal,
  unknownObject,
} from './graph-errors';
import { findNumber, tokenAccount } from './store';

export interface GraphMessagingOptions {
  ctx: MessagingContext;
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The account (WABA) of the request's live business token; 190 otherwise. */
async function callerAccount(ctx: MessagingContext, request: FastifyRequest): Promise<string> {
  const token = bearer(request);
  const waba = token ? await tokenAccount(ctx.db, token) : null;
  if (!waba) throw invalidToken();
  return waba;
}

/**
 * The messaging half of the simulated Graph API: POST /{version}/{phone_number_id}/messages with
 * Meta's rules (GET /{id} and the media download are the signup half's). Errors answer in Meta's
 * shape ({error:{message, type, code, error_data, fbtrace_id}}).
 */
export const graphMessagingRoutes: FastifyPluginAsync<GraphMessagingOptions> = async (app, { ctx }) => {
  app.setErrorHandler((thrown: FastifyError | GraphRefusal, request, reply) => {
    if (thrown instanceof GraphRefusal) return sendGraphRefusal(reply, thrown);
    const status = (thrown as FastifyError).statusCode;
    if (status && status < 500) return sendGraphRefusal(reply, invalidParameter(thrown.message));
    request.log.error({ err: thrown }, 'whatsapp simulator failed');
    return sendGraphRefusal(
      reply,
      new GraphRefusal(500, 2, 'An unexpected error has occurred. Please retry your request later.'),
    );
  });

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/dev/whatsapp/graph/:version/:phoneNumberId/messages',
    async (request, reply) => {
      const waba = await callerAccount(ctx, request);
      const number = await findNumber(ctx.db, request.params.phoneNumberId);
      if (!number || number.wabaId !== waba) throw unknownObject(request.params.phoneNumberId);
      const { answer, followUp } = await sendFromBusiness(ctx, number, request.body);
      // What Meta sends later goes once the answer is out, as with Meta (never before it).
      reply.raw.once('close', () => {
        followUp().catch((err) => request.log.error({ err }, 'whatsapp simulator: statuses not sent'));
      });
      return answer;
    },
  );
};
