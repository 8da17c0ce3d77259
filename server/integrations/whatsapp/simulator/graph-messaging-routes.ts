import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { type MessagingContext, sendFromBusiness } from './business-send';
import { callerWaba } from './graph-caller';
import { GraphRefusal, invalidParameter, sendGraphRefusal, unknownObject } from './graph-errors';
import { recordRefusal } from './send-faults';
import { findNumber } from './store';
import { templatesPage } from './templates';

export interface GraphMessagingOptions {
  ctx: MessagingContext;
}

/**
 * The messaging half of the simulated Graph API: POST /{version}/{phone_number_id}/messages with
 * Meta's rules, and GET /{version}/{waba_id}/message_templates (GET /{id} and the media download
 * are the signup half's). Errors answer in Meta's shape ({error:{message, type, code, error_data,
 * fbtrace_id}}).
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
      const { phoneNumberId } = request.params;
      const { answer, followUp } = await (async () => {
        const waba = await callerWaba(ctx.db, request);
        const number = await findNumber(ctx.db, phoneNumberId);
        if (!number || number.wabaId !== waba) throw unknownObject(phoneNumberId);
        return sendFromBusiness(ctx, number, request.body);
      })().catch(async (err: unknown) => {
        // Counted for send-stats (a benchmark must see no 130429), then answered as Meta does.
        if (err instanceof GraphRefusal) await recordRefusal(ctx.db, phoneNumberId, err.code);
        throw err;
      });
      // What Meta sends later goes once the answer is out, as with Meta (never before it).
      reply.raw.once('close', () => {
        followUp().catch((err) => request.log.error({ err }, 'whatsapp simulator: statuses not sent'));
      });
      return answer;
    },
  );

  app.get<{ Params: { version: string; wabaId: string }; Querystring: Record<string, unknown> }>(
    '/dev/whatsapp/graph/:version/:wabaId/message_templates',
    async (request) => {
      const waba = await callerWaba(ctx.db, request);
      if (waba !== request.params.wabaId) throw unknownObject(request.params.wabaId);
      const self = new URL(request.url, `${request.protocol}://${request.host}`);
      return templatesPage(ctx.db, waba, request.query, self);
    },
  );
};
