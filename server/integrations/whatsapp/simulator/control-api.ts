import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { customerPhoneKey } from '../../../../contracts/brazil/customer-phone';
import { HttpError } from '../../../http/errors';
import { route } from '../../../http/route';
import type { MessagingContext } from './business-send';
import {
  contactSync,
  customerMessage,
  historySync,
  offboard,
  ownerEcho,
  readReplies,
  SimulatorActionError,
  sendStatuses,
  uploadMedia,
} from './customer-actions';
import { newNumericId } from './ids';
import { addSendFaults, clearSendFaults, revokeWabaTokens, sendStats } from './send-faults';
import {
  conversation,
  findNumber,
  insertNumber,
  insertToken,
  listNumbers,
  type ShownNumber,
  type SimMessage,
  type SimNumber,
  setUnreachable,
  shownNumber,
} from './store';
import { insertTemplates, SEEDED_TEMPLATES } from './templates';
import { recipientOf } from './wa-id';
import { latestDeliveries } from './webhook-emitter';

/**
 * The simulator's JSON control API under /dev/whatsapp/api, for the play page, e2e drivers and
 * benchmarks: numbers, the customer's side (messages, photos, reads) and every fault. Dev tooling,
 * not a product call: its contracts stay here. Answers the app's envelope.
 */

const id = z
  .string()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'Identificador numérico');
const phone = z.string().trim().min(8).max(20);
const text = z.string().max(4096);
const ok = z.object({ ok: z.literal(true) });
const OK = { ok: true } as const;

const numberShape = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  businessId: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  coexistence: z.boolean(),
  subscribed: z.boolean(),
});

const messageShape = z.object({
  wamid: z.string(),
  customer: z.string(),
  direction: z.enum(['to_business', 'to_customer', 'echo']),
  type: z.string(),
  text: z.string().nullable(),
  mediaId: z.string().nullable(),
  status: z.string().nullable(),
  errorCode: z.number().nullable(),
  createdAt: z.string(),
});

const statusName = z.enum(['sent', 'delivered', 'read', 'failed']);

export const whatsappSimulatorContracts = {
  createNumber: {
    method: 'POST',
    url: '/dev/whatsapp/api/numbers',
    body: z.strictObject({
      displayPhoneNumber: z.string().trim().min(8).max(30).optional(),
      verifiedName: z.string().trim().min(1).max(100).optional(),
      coexistence: z.boolean().optional(),
      subscribed: z.boolean().optional(),
    }),
    response: numberShape.extend({ token: z.string() }),
  },
  listNumbers: {
    method: 'GET',
    url: '/dev/whatsapp/api/numbers',
    response: z.object({ numbers: z.array(numberShape) }),
  },
  customerMessage: {
    method: 'POST',
    url: '/dev/whatsapp/api/customer-message',
    body: z.strictObject({
      phoneNumberId: id,
      from: phone,
      name: z.string().max(100).default(''),
      text: text.optional(),
      image: z.strictObject({ mediaId: id, caption: z.string().max(1024).optional() }).optional(),
      replyTo: z.string().max(200).optional(),
      count: z.number().int().min(1).max(100).optional(),
      // Up to a day back: a window that closes within seconds.
      sentSecondsAgo: z.number().int().min(0).max(86_400).optional(),
      faults: z
        .strictObject({
          duplicate: z.boolean().optional(),
          batch: z.enum(['messages', 'changes', 'entries']).optional(),
        })
        .optional(),
    }),
    response: z.object({ wamids: z.array(z.string()) }),
  },
  uploadMedia: {
    method: 'POST',
    url: '/dev/whatsapp/api/media',
    body: z.strictObject({
      phoneNumberId: id,
      mimeType: z.string().trim().min(3).max(100),
      fileName: z.string().max(200).optional(),
      // The API reads bodies up to 1 MB: photos up to about 700 KB here (the page takes 5 MB).
      dataBase64: z.string().min(1).max(1_000_000),
    }),
    response: z.object({ id: z.string(), sha256: z.string(), fileSize: z.number() }),
  },
  read: {
    method: 'POST',
    url: '/dev/whatsapp/api/read',
    body: z.strictObject({ phoneNumberId: id, customer: phone, reorder: z.boolean().optional() }),
    response: z.object({ wamids: z.array(z.string()) }),
  },
  statuses: {
    method: 'POST',
    url: '/dev/whatsapp/api/statuses',
    body: z.strictObject({
      phoneNumberId: id,
      wamid: z.string().min(1).max(200),
      sequence: z.array(statusName).min(1).max(10),
      errorCode: z.number().int().min(1).max(9_999_999).optional(),
      batch: z.boolean().optional(),
      duplicate: z.boolean().optional(),
    }),
    response: ok,
  },
  echo: {
    method: 'POST',
    url: '/dev/whatsapp/api/echo',
    body: z.strictObject({ phoneNumberId: id, to: phone, text: text.min(1) }),
    response: z.object({ wamid: z.string() }),
  },
  history: {
    method: 'POST',
    url: '/dev/whatsapp/api/history',
    body: z.strictObject({
      phoneNumberId: id,
      customer: phone,
      name: z.string().max(100).optional(),
      chunksPerPhase: z.number().int().min(1).max(10).optional(),
      outOfOrder: z.boolean().optional(),
      declined: z.boolean().optional(),
    }),
    response: z.object({ chunks: z.number(), wamids: z.array(z.string()) }),
  },
  contacts: {
    method: 'POST',
    url: '/dev/whatsapp/api/contacts',
    body: z.strictObject({
      phoneNumberId: id,
      contacts: z
        .array(
          z.strictObject({
            name: z.string().trim().min(1).max(100),
            phone,
            action: z.enum(['add', 'remove']).optional(),
          }),
        )
        .min(1)
        .max(100),
    }),
    response: ok,
  },
  offboard: {
    method: 'POST',
    url: '/dev/whatsapp/api/offboard',
    body: z.strictObject({ phoneNumberId: id }),
    response: ok,
  },
  unreachable: {
    method: 'POST',
    url: '/dev/whatsapp/api/unreachable',
    body: z.strictObject({ phone, unreachable: z.boolean() }),
    response: ok,
  },
  holdSends: {
    method: 'POST',
    url: '/dev/whatsapp/api/hold-sends',
    body: z.strictObject({ phoneNumberId: id, hold: z.boolean() }),
    // Released: how many held sends went on; held: how many wait now.
    response: z.object({ waiting: z.number(), released: z.number() }),
  },
  holdSendsState: {
    method: 'GET',
    url: '/dev/whatsapp/api/hold-sends',
    query: z.object({ phoneNumberId: id }),
    response: z.object({ waiting: z.number() }),
  },
  offline: {
    method: 'POST',
    url: '/dev/whatsapp/api/offline',
    body: z.strictObject({ phone, offline: z.boolean() }),
    response: ok,
  },
  conversation: {
    method: 'GET',
    url: '/dev/whatsapp/api/conversation',
    query: z.object({ phoneNumberId: id, customer: phone }),
    response: z.object({ messages: z.array(messageShape) }),
  },
  sendFaults: {
    method: 'POST',
    url: '/dev/whatsapp/api/send-faults',
    body: z.strictObject({
      phoneNumberId: id,
      faults: z
        .array(
          z.strictObject({
            code: z.number().int().min(1).max(9_999_999),
            // 5xx allowed: Meta's transient failures.
            httpStatus: z.number().int().min(400).max(599).optional(),
            to: phone.optional(),
            times: z.number().int().min(1).max(100_000).optional(),
          }),
        )
        .min(1)
        .max(50),
    }),
    response: ok,
  },
  clearSendFaults: {
    method: 'DELETE',
    url: '/dev/whatsapp/api/send-faults',
    query: z.object({ phoneNumberId: id }),
    response: ok,
  },
  templates: {
    method: 'POST',
    url: '/dev/whatsapp/api/templates',
    body: z.strictObject({
      phoneNumberId: id,
      templates: z
        .array(
          z.strictObject({
            name: z
              .string()
              .min(1)
              .max(512)
              .regex(/^[a-z0-9_]+$/),
            language: z.string().min(2).max(16),
            status: z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL']),
            category: z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION']),
            body: z.string().min(1).max(1024),
          }),
        )
        .min(1)
        .max(50),
    }),
    response: ok,
  },
  revokeToken: {
    method: 'POST',
    url: '/dev/whatsapp/api/revoke-token',
    body: z.strictObject({ phoneNumberId: id }),
    response: ok,
  },
  sendStats: {
    method: 'GET',
    url: '/dev/whatsapp/api/send-stats',
    query: z.object({ phoneNumberId: id }),
    response: z.object({
      accepted: z.number(),
      refused: z.record(z.string(), z.number()),
      maxPerSecond: z.number(),
      recipientsWithDuplicates: z.number(),
    }),
  },
  deliveries: {
    method: 'GET',
    url: '/dev/whatsapp/api/deliveries',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({
      deliveries: z.array(
        z.object({
          id: z.string(),
          body: z.string(),
          attempts: z.number(),
          lastStatus: z.number().nullable(),
          deliveredAt: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  },
} as const;

export function toApiMessage(message: SimMessage): z.infer<typeof messageShape> {
  const part = message.content[message.type] as Record<string, unknown> | undefined;
  return {
    wamid: message.wamid,
    customer: message.customer,
    direction: message.direction,
    type: message.type,
    text:
      typeof part?.body === 'string'
        ? part.body
        : typeof part?.caption === 'string'
          ? part.caption
          : message.type === 'template' && typeof part?.name === 'string'
            ? `[modelo ${part.name}]`
            : null,
    mediaId: typeof part?.id === 'string' ? part.id : null,
    status: message.status,
    errorCode: message.errorCode,
    createdAt: message.createdAt.toISOString(),
  };
}

/** A number of the simulator, or 404 in the envelope. */
export async function requireNumber(ctx: MessagingContext, phoneNumberId: string): Promise<SimNumber> {
  const number = await findNumber(ctx.db, phoneNumberId);
  if (!number) throw new HttpError(404, 'NOT_FOUND', 'Número não encontrado no simulador.');
  return number;
}

/** Runs a customer-side action; its refusals are 4xx in the envelope. */
export async function act<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SimulatorActionError) {
      if (err.status === 404) throw new HttpError(404, 'NOT_FOUND', err.message);
      throw new HttpError(400, 'VALIDATION_ERROR', err.message, [{ path: err.field, message: err.message }]);
    }
    throw err;
  }
}

/** A new simulated number with its live token, as Embedded Signup would leave it (tests, benchmarks). */
export async function createSimNumber(
  ctx: MessagingContext,
  input: { displayPhoneNumber?: string; verifiedName?: string; coexistence?: boolean; subscribed?: boolean },
): Promise<ShownNumber & { token: string }> {
  const number: ShownNumber = {
    phoneNumberId: newNumericId(),
    wabaId: newNumericId(),
    businessId: newNumericId(),
    displayPhoneNumber:
      input.displayPhoneNumber ??
      `+55 11 9${String(randomBytes(4).readUInt32BE() % 10 ** 8).padStart(8, '0')}`,
    verifiedName: input.verifiedName ?? 'Empresa de Teste',
    coexistence: input.coexistence ?? false,
    subscribed: input.subscribed ?? true,
  };
  const token = `EAAdev${randomBytes(24).toString('hex')}`;
  await ctx.db.transaction(async (tx) => {
    await insertNumber(tx, number);
    await insertToken(tx, token, number.wabaId);
  });
  return { ...number, token };
}

export const controlApiRoutes: FastifyPluginAsync<{ ctx: MessagingContext }> = async (app, { ctx }) => {
  const c = whatsappSimulatorContracts;

  route(app, c.createNumber, { handler: ({ body }) => createSimNumber(ctx, body) });

  route(app, c.listNumbers, {
    handler: async () => ({ numbers: (await listNumbers(ctx.db)).map(shownNumber) }),
  });

  route(app, c.customerMessage, {
    handler: ({ body }) =>
      act(async () => {
        const number = await requireNumber(ctx, body.phoneNumberId);
        return customerMessage(ctx, number, {
          from: body.from,
          name: body.name,
          ...(body.text !== undefined && { text: body.text }),
          ...(body.image && {
            image: {
              mediaId: body.image.mediaId,
              ...(body.image.caption && { caption: body.image.caption }),
            },
          }),
          ...(body.replyTo && { replyTo: body.replyTo }),
          ...(body.count && { count: body.count }),
          ...(body.sentSecondsAgo && { sentSecondsAgo: body.sentSecondsAgo }),
          faults: {
            ...(body.faults?.duplicate && { copies: 2 }),
            ...(body.faults?.batch && { batch: body.faults.batch }),
          },
        });
      }),
  });

  route(app, c.uploadMedia, {
    handler: ({ body }) =>
      act(async () => {
        const number = await requireNumber(ctx, body.phoneNumberId);
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body.dataBase64))
          throw new SimulatorActionError('O arquivo não está em base64.', 400, 'dataBase64');
        return uploadMedia(ctx, number, {
          bytes: Buffer.from(body.dataBase64, 'base64'),
          mimeType: body.mimeType,
          fileName: body.fileName ?? null,
        });
      }),
  });

  route(app, c.read, {
    handler: ({ body }) =>
      act(async () =>
        readReplies(ctx, await requireNumber(ctx, body.phoneNumberId), body.customer, {
          reorder: body.reorder ?? false,
        }),
      ),
  });

  route(app, c.statuses, {
    handler: ({ body }) =>
      act(async () => {
        await sendStatuses(ctx, await requireNumber(ctx, body.phoneNumberId), {
          wamid: body.wamid,
          sequence: body.sequence,
          ...(body.errorCode && { errorCode: body.errorCode }),
          batch: body.batch ?? false,
          copies: body.duplicate ? 2 : 1,
        });
        return OK;
      }),
  });

  route(app, c.echo, {
    handler: ({ body }) =>
      act(async () => ownerEcho(ctx, await requireNumber(ctx, body.phoneNumberId), body)),
  });

  route(app, c.history, {
    handler: ({ body }) =>
      act(async () => {
        const { phoneNumberId, ...input } = body;
        return historySync(ctx, await requireNumber(ctx, phoneNumberId), {
          customer: input.customer,
          ...(input.name && { name: input.name }),
          ...(input.chunksPerPhase && { chunksPerPhase: input.chunksPerPhase }),
          outOfOrder: input.outOfOrder ?? false,
          declined: input.declined ?? false,
        });
      }),
  });

  route(app, c.contacts, {
    handler: ({ body }) =>
      act(async () => {
        await contactSync(
          ctx,
          await requireNumber(ctx, body.phoneNumberId),
          body.contacts.map((contact) => ({
            name: contact.name,
            phone: contact.phone,
            ...(contact.action && { action: contact.action }),
          })),
        );
        return OK;
      }),
  });

  route(app, c.offboard, {
    handler: ({ body }) =>
      act(async () => {
        await offboard(ctx, await requireNumber(ctx, body.phoneNumberId));
        return OK;
      }),
  });

  route(app, c.unreachable, {
    handler: async ({ body }) => {
      const digits = body.phone.replace(/[^0-9]/g, '');
      if (digits.length < 8 || digits.length > 15)
        throw new HttpError(400, 'VALIDATION_ERROR', 'Telefone inválido.', [
          { path: 'phone', message: 'Informe de 8 a 15 dígitos' },
        ]);
      await setUnreachable(ctx.db, customerPhoneKey(digits), body.unreachable);
      return OK;
    },
  });

  // Meta slow to answer the number's sends: held until released (send-holds.ts).
  route(app, c.holdSends, {
    handler: async ({ body }) => {
      const number = await requireNumber(ctx, body.phoneNumberId);
      if (body.hold) {
        ctx.holds.hold(number.phoneNumberId);
        return { waiting: ctx.holds.waiting(number.phoneNumberId), released: 0 };
      }
      return { waiting: 0, released: ctx.holds.release(number.phoneNumberId) };
    },
  });

  route(app, c.holdSendsState, {
    handler: async ({ query }) => ({
      waiting: ctx.holds.waiting((await requireNumber(ctx, query.phoneNumberId)).phoneNumberId),
    }),
  });

  // The person's phone is off: what they are sent stays `sent` (no `delivered`) until a status
  // (statuses, read) says otherwise.
  route(app, c.offline, {
    handler: async ({ body }) => {
      const { key } = recipientOf(body.phone);
      if (body.offline) ctx.offline.add(key);
      else ctx.offline.delete(key);
      return OK;
    },
  });

  route(app, c.conversation, {
    handler: async ({ query }) => {
      const number = await requireNumber(ctx, query.phoneNumberId);
      const key = customerPhoneKey(query.customer.replace(/[^0-9]/g, ''));
      return { messages: (await conversation(ctx.db, number.phoneNumberId, key)).map(toApiMessage) };
    },
  });

  route(app, c.sendFaults, {
    handler: async ({ body }) => {
      const number = await requireNumber(ctx, body.phoneNumberId);
      await addSendFaults(
        ctx.db,
        number.phoneNumberId,
        body.faults.map((fault) => ({
          code: fault.code,
          ...(fault.httpStatus && { httpStatus: fault.httpStatus }),
          ...(fault.to && { toKey: customerPhoneKey(fault.to.replace(/[^0-9]/g, '')) }),
          ...(fault.times && { times: fault.times }),
        })),
      );
      return OK;
    },
  });

  route(app, c.clearSendFaults, {
    handler: async ({ query }) => {
      await clearSendFaults(ctx.db, (await requireNumber(ctx, query.phoneNumberId)).phoneNumberId);
      return OK;
    },
  });

  // Templates of the number's account as Meta holds them: added, or their status changed (a
  // template Meta pauses after the owner saw it listed).
  route(app, c.templates, {
    handler: async ({ body }) => {
      const number = await requireNumber(ctx, body.phoneNumberId);
      await insertTemplates(ctx.db, number.wabaId, SEEDED_TEMPLATES);
      await insertTemplates(
        ctx.db,
        number.wabaId,
        body.templates.map((template) => ({
          name: template.name,
          language: template.language,
          status: template.status,
          category: template.category,
          components: [{ type: 'BODY', text: template.body }],
        })),
        'replace',
      );
      return OK;
    },
  });

  route(app, c.revokeToken, {
    handler: async ({ body }) => {
      await revokeWabaTokens(ctx.db, (await requireNumber(ctx, body.phoneNumberId)).wabaId);
      return OK;
    },
  });

  route(app, c.sendStats, {
    handler: async ({ query }) =>
      sendStats(ctx.db, (await requireNumber(ctx, query.phoneNumberId)).phoneNumberId),
  });

  route(app, c.deliveries, {
    handler: async ({ query }) => ({
      deliveries: (await latestDeliveries(ctx.db, query.limit)).map((delivery) => ({
        id: delivery.id,
        body: delivery.body,
        attempts: delivery.attempts,
        lastStatus: delivery.lastStatus,
        deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
        createdAt: delivery.createdAt.toISOString(),
      })),
    }),
  });
};
