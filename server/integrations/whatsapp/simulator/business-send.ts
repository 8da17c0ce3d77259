import type { Db } from '../../../db/types';
import { entryOf, envelope, type StatusEvent, statusesChange } from './envelopes';
import { GraphRefusal, invalidParameter } from './graph-errors';
import { newWamid } from './ids';
import { takeSendFault } from './send-faults';
import type { SendHolds } from './send-holds';
import { advanceStatus, insertMessage, type SimNumber, sendConditions } from './store';
import { checkTemplateSend } from './template-send-checks';
import { recipientOf } from './wa-id';
import type { WebhookEmitter } from './webhook-emitter';

/** Meta's sending limits, configurable so tests reach them with a few calls. */
export interface SendLimits {
  /** Messages per second per number (Meta's default 80). */
  perSecond: number;
  /** Per second for numbers shared with the Business app (20). */
  coexistencePerSecond: number;
  /** Messages to one person allowed at once before the pair limit applies. */
  pairBurst: number;
  /** Then about one message per this many seconds to one person (6). */
  pairIntervalSeconds: number;
}

export const DEFAULT_LIMITS: SendLimits = {
  perSecond: 80,
  coexistencePerSecond: 20,
  pairBurst: 5,
  pairIntervalSeconds: 6,
};

export interface MessagingContext {
  db: Db;
  emitter: WebhookEmitter;
  /** The simulator's clock (windows, rates, timestamps); tests move it. */
  now: () => Date;
  limits: SendLimits;
  /** Numbers whose sends Meta is slow to answer (hold-sends). */
  holds: SendHolds;
  /** People whose phone is off (their phone keys): sent, not delivered (offline). */
  offline: Set<string>;
}

const WINDOW_MS = 24 * 60 * 60 * 1000;
const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);
const OTHER_TYPES = new Set(['interactive', 'reaction', 'location', 'contacts']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message part of a send, checked as Meta checks it (code 100 with what is wrong). */
function readSend(body: unknown): {
  to: string;
  type: string;
  content: Record<string, unknown>;
  callbackData: string | null;
} {
  if (!isObject(body)) throw invalidParameter('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp')
    throw invalidParameter('The parameter messaging_product is required and must be "whatsapp".');
  if (typeof body.to !== 'string' || !/^\+?[0-9][0-9 ()-]{4,24}$/.test(body.to))
    throw invalidParameter('The parameter to is required.');
  const type = body.type === undefined ? 'text' : body.type;
  if (typeof type !== 'string') throw invalidParameter('Param type must be a string.');
  const part = body[type];
  if (type === 'text') {
    if (!isObject(part) || typeof part.body !== 'string' || part.body.length === 0)
      throw invalidParameter("Param text['body'] is required.");
    if (part.body.length > 4096)
      throw invalidParameter("Param text['body'] must be at most 4096 characters long.");
  } else if (type === 'template') {
    if (!isObject(part) || typeof part.name !== 'string' || !part.name)
      throw invalidParameter("Param template['name'] is required.");
    if (!isObject(part.language) || typeof part.language.code !== 'string')
      throw invalidParameter("Param template['language']['code'] is required.");
  } else if (MEDIA_TYPES.has(type)) {
    if (!isObject(part) || (typeof part.id !== 'string' && typeof part.link !== 'string'))
      throw invalidParameter(`Param ${type}['id'] or ${type}['link'] is required.`);
  } else if (!OTHER_TYPES.has(type) || !isObject(part)) {
    throw invalidParameter(
      `Param type must be one of {TEXT, TEMPLATE, IMAGE, VIDEO, AUDIO, DOCUMENT, STICKER, INTERACTIVE, REACTION, LOCATION, CONTACTS}.`,
    );
  }
  const callbackData = body.biz_opaque_callback_data;
  if (callbackData !== undefined && (typeof callbackData !== 'string' || callbackData.length > 512))
    throw invalidParameter('Param biz_opaque_callback_data must be a string of at most 512 characters.');
  const content: Record<string, unknown> = { type, [type]: part };
  if (isObject(body.context)) content.context = body.context;
  return { to: body.to, type, content, callbackData: callbackData || null };
}

export interface SendAnswer {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string }[];
}

/**
 * POST /{phone_number_id}/messages after the token was checked: Meta's synchronous refusals
 * (a fault the tester queued, 130429 over the number's rate, 131056 over the pair rate, 132001 /
 * 132000 / 132018 for the template) as errors; otherwise the message is
 * accepted and `followUp` sends what Meta sends later: `failed` 131047 outside the 24-hour window
 * (free text only), `failed` 131026 to a number without WhatsApp, or `sent` then `delivered`
 * (only `sent` while the person's phone is off). While the number is held (hold-sends) the answer
 * waits for its release before any of this.
 */
export async function sendFromBusiness(
  ctx: MessagingContext,
  number: SimNumber,
  body: unknown,
): Promise<{ answer: SendAnswer; followUp: () => Promise<void> }> {
  const { to, type, content, callbackData } = readSend(body);
  const now = ctx.now();
  const { digits, waId, key } = recipientOf(to);
  await ctx.holds.pass(number.phoneNumberId);
  const fault = await takeSendFault(ctx.db, number.phoneNumberId, key);
  if (fault) throw fault;
  const perSecond = number.coexistence ? ctx.limits.coexistencePerSecond : ctx.limits.perSecond;
  const { pairBurst, pairIntervalSeconds } = ctx.limits;
  const conditions = await sendConditions(ctx.db, number.phoneNumberId, key, {
    numberSince: new Date(now.getTime() - 1000),
    pairSince: new Date(now.getTime() - pairBurst * pairIntervalSeconds * 1000),
  });
  if (conditions.numberSends >= perSecond) {
    throw new GraphRefusal(
      400,
      130429,
      '(#130429) Rate limit hit',
      'OAuthException',
      undefined,
      `Cloud API message throughput (${perSecond}/s) has been reached.`,
    );
  }
  const { known } = conditions;
  if (conditions.pairSends >= pairBurst) {
    throw new GraphRefusal(
      400,
      131056,
      '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      'OAuthException',
      undefined,
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
    );
  }
  if (type === 'template')
    await checkTemplateSend(
      ctx.db,
      number.wabaId,
      content.template as Parameters<typeof checkTemplateSend>[2],
    );
  const recipient = known?.customer ?? waId ?? digits;
  let failure: number | null = null;
  if (waId === null || conditions.unreachable) failure = 131026;
  else if (type !== 'template' && (!known || now.getTime() - known.lastInboundAt.getTime() > WINDOW_MS))
    failure = 131047;

  const wamid = newWamid();
  await insertMessage(ctx.db, {
    wamid,
    phoneNumberId: number.phoneNumberId,
    customer: recipient,
    direction: 'to_customer',
    type,
    content,
    status: 'accepted',
    createdAt: now,
    callbackData,
  });
  return {
    answer: {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: recipient }],
      messages: [{ id: wamid }],
    },
    followUp: () =>
      emitStatuses(
        ctx,
        number,
        failure === null
          ? [
              { wamid, status: 'sent', recipient, at: ctx.now(), callbackData },
              ...(ctx.offline.has(key)
                ? []
                : [{ wamid, status: 'delivered' as const, recipient, at: ctx.now(), callbackData }]),
            ]
          : [{ wamid, status: 'failed', recipient, at: ctx.now(), errorCode: failure, callbackData }],
      ),
  };
}

/**
 * Records each status (forward only) and sends them by webhook in the order given, one POST each,
 * or all in one POST (`batch`); `copies` > 1 sends every POST that many times. Nothing is sent for
 * a number the app has not subscribed to (as with Meta).
 */
export async function emitStatuses(
  ctx: MessagingContext,
  number: SimNumber,
  events: StatusEvent[],
  { batch = false, copies = 1 } = {},
): Promise<void> {
  for (const event of events) await advanceStatus(ctx.db, event.wamid, event.status, event.errorCode ?? null);
  if (!number.subscribed || events.length === 0) return;
  const envelopes = batch
    ? [envelope([entryOf(number, [statusesChange(number, events)])])]
    : events.map((event) => envelope([entryOf(number, [statusesChange(number, [event])])]));
  await ctx.emitter.emit(envelopes, copies);
}
