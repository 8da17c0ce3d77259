import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { type ReplyInput, sendReplyContract } from '../../../../contracts/whatsapp-sending';
import { type ReplyBoxSetting, replyBoxMachine } from '../../../../machines/reply-box/reply-box.machine';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { customerKeys } from '../../../lib/customers/customer-keys';
import { randomId } from '../../../lib/random-id';
import { whatsappTemplatesQuery } from '../../../lib/whatsapp/whatsapp-templates-query';
import { customerWhatsappQuery } from '../whatsapp/customer-whatsapp-queries';

/**
 * The reply-box chart wired to the app: the load reads the customer's window through the cache (and
 * the templates only when the window is closed and the company can send, or once it closes); the send posts the reply
 * under one Idempotency-Key per reply, kept while the same reply is tried again.
 */
export function createReplyBoxMachine(queryClient: QueryClient, customerId: string) {
  let attempt: { body: string; key: string } | null = null;
  const keyFor = (reply: ReplyInput) => {
    const body = JSON.stringify(reply);
    if (attempt?.body !== body) attempt = { body, key: randomId() };
    return attempt.key;
  };
  return replyBoxMachine.provide({
    actors: {
      loadReplyBox: fromPromise<ReplyBoxSetting>(async () => {
        const whatsapp = await queryClient.fetchQuery(customerWhatsappQuery(customerId));
        const closed = whatsapp.canSend && whatsapp.windowClosesAt === null;
        const templates = closed ? await queryClient.fetchQuery(whatsappTemplatesQuery) : [];
        return { canSend: whatsapp.canSend, windowClosesAt: whatsapp.windowClosesAt, templates };
      }),
      loadTemplates: fromPromise(() => queryClient.fetchQuery(whatsappTemplatesQuery)),
      sendReply: fromPromise<unknown, ReplyInput>(async ({ input, signal }) =>
        unwrapEnvelope(
          await api.post(contractUrl(sendReplyContract.url, customerId), {
            body: input,
            schema: sendReplyContract.response,
            idempotencyKey: keyFor(input),
            signal,
          }),
        ),
      ),
    },
    actions: {
      sent: () => {
        attempt = null;
        void queryClient.invalidateQueries({ queryKey: customerKeys.conversation(customerId) });
      },
    },
  });
}
