import { createHash } from 'node:crypto';
import { customerPhoneKey } from '../../../../contracts/brazil/customer-phone';
import { emitStatuses, type MessagingContext } from './business-send';
import {
  type ContactSync,
  contactSyncChange,
  echoesChange,
  entryOf,
  envelope,
  type HistoryChunk,
  historyChange,
  historyDeclinedChange,
  type InboundMessage,
  messagesChange,
  offboardedChange,
  type StatusName,
  unixSeconds,
  type WebhookEnvelope,
} from './envelopes';
import { newNumericId, newWamid } from './ids';
import { findMedia, findMessage, insertMedia, insertMessage, type SimNumber, unreadReplies } from './store';

/**
 * What happens on the customer's (and the owner's phone's) side of a simulated number, and the
 * webhooks each sends, faults included. Used by the play page and the JSON control API.
 */

/** Why a control action cannot be done; the control API answers it as a 400 in the envelope. */
export class SimulatorActionError extends Error {
  override name = 'SimulatorActionError';
  constructor(
    message: string,
    readonly status = 400,
    /** The input it is about (the control API's issue path). */
    readonly field = 'body',
  ) {
    super(message);
  }
}

export type BatchShape = 'messages' | 'changes' | 'entries';

export interface CustomerMessageInput {
  from: string;
  name: string;
  text?: string;
  /** A media id from uploadMedia, sent as an image message. */
  image?: { mediaId: string; caption?: string };
  /** Reply to this message (context.id). */
  replyTo?: string;
  /** How many messages (texts numbered "(1/3)"…). */
  count?: number;
  /** Written this many seconds ago (Meta's timestamp): a window that closes soon. */
  sentSecondsAgo?: number;
  faults?: {
    /** Each POST is sent this many times (2: a duplicate). */
    copies?: number;
    /** All the messages in one POST: one change's messages[], several changes, or several entries. */
    batch?: BatchShape;
  };
}

const requireSubscribed = (number: SimNumber) => {
  if (!number.subscribed)
    throw new SimulatorActionError(
      'O app não está inscrito neste número (subscribed_apps): nenhum webhook seria enviado.',
    );
};

const requireCoexistence = (number: SimNumber) => {
  if (!number.coexistence)
    throw new SimulatorActionError('Só números em coexistência (app WhatsApp Business) enviam isto.');
};

function customerDigits(from: string): string {
  const digits = from.replace(/[^0-9]/g, '');
  if (digits.length < 8 || digits.length > 15)
    throw new SimulatorActionError('Informe o número do cliente com código do país e DDD (8 a 15 dígitos).');
  return digits;
}

/** One or many messages from a customer to the business, then their webhook(s). */
export async function customerMessage(
  ctx: MessagingContext,
  number: SimNumber,
  input: CustomerMessageInput,
): Promise<{ wamids: string[] }> {
  requireSubscribed(number);
  const from = customerDigits(input.from);
  const name = input.name.trim() || from;
  const count = input.count ?? 1;
  let media: Awaited<ReturnType<typeof findMedia>> = null;
  if (input.image) {
    media = await findMedia(ctx.db, input.image.mediaId);
    if (!media || media.phoneNumberId !== number.phoneNumberId)
      throw new SimulatorActionError('Imagem não encontrada: envie o arquivo de novo.');
  } else if (!input.text?.trim()) {
    throw new SimulatorActionError('Escreva uma mensagem ou escolha uma foto.');
  }
  const messages: InboundMessage[] = [];
  for (let i = 1; i <= count; i++) {
    const at = new Date(ctx.now().getTime() - (input.sentSecondsAgo ?? 0) * 1000);
    const id = newWamid();
    const content: Record<string, unknown> = media
      ? {
          type: 'image',
          image: {
            ...(input.image?.caption && { caption: input.image.caption }),
            mime_type: media.mimeType,
            sha256: media.sha256,
            id: media.mediaId,
          },
        }
      : { type: 'text', text: { body: count > 1 ? `${input.text} (${i}/${count})` : input.text } };
    if (input.replyTo)
      content.context = { from: number.displayPhoneNumber.replace(/[^0-9]/g, ''), id: input.replyTo };
    await insertMessage(ctx.db, {
      wamid: id,
      phoneNumberId: number.phoneNumberId,
      customer: from,
      direction: 'to_business',
      type: String(content.type),
      content: { ...content, _profile: { name } },
      status: null,
      createdAt: at,
    });
    messages.push({ from, id, timestamp: unixSeconds(at), ...content } as InboundMessage);
  }
  const contacts = [{ waId: from, name }];
  const change = (list: InboundMessage[]) => messagesChange(number, contacts, list);
  const shape = input.faults?.batch;
  const envelopes: WebhookEnvelope[] =
    shape === 'messages'
      ? [envelope([entryOf(number, [change(messages)])])]
      : shape === 'changes'
        ? [
            envelope([
              entryOf(
                number,
                messages.map((message) => change([message])),
              ),
            ]),
          ]
        : shape === 'entries'
          ? [envelope(messages.map((message) => entryOf(number, [change([message])])))]
          : messages.map((message) => envelope([entryOf(number, [change([message])])]));
  await ctx.emitter.emit(envelopes, input.faults?.copies ?? 1);
  return { wamids: messages.map((message) => message.id) };
}

/** A photo the played customer sends: stored like Meta's media, fetched by the app with its token. */
export async function uploadMedia(
  ctx: MessagingContext,
  number: SimNumber,
  file: { bytes: Buffer; mimeType: string; fileName?: string | null },
): Promise<{ id: string; sha256: string; fileSize: number }> {
  if (file.bytes.length === 0) throw new SimulatorActionError('O arquivo está vazio.');
  if (!/^(image|video|audio|application|text)\/[a-z0-9.+-]+$/i.test(file.mimeType))
    throw new SimulatorActionError('Tipo de arquivo não suportado.');
  const id = newNumericId();
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  await insertMedia(ctx.db, {
    mediaId: id,
    phoneNumberId: number.phoneNumberId,
    mimeType: file.mimeType,
    sha256,
    fileName: file.fileName ?? null,
    bytes: file.bytes,
  });
  return { id, sha256, fileSize: file.bytes.length };
}

/** The customer opens the chat: every delivered reply becomes `read` (optionally out of order). */
export async function readReplies(
  ctx: MessagingContext,
  number: SimNumber,
  customer: string,
  { reorder = false } = {},
): Promise<{ wamids: string[] }> {
  const unread = await unreadReplies(
    ctx.db,
    number.phoneNumberId,
    customerPhoneKey(customerDigits(customer)),
  );
  for (const message of unread) {
    const at = ctx.now();
    const sequence: StatusName[] = reorder ? ['read', 'delivered'] : ['read'];
    await emitStatuses(
      ctx,
      number,
      sequence.map((status) => ({
        wamid: message.wamid,
        status,
        recipient: message.customer,
        at,
        callbackData: message.callbackData,
      })),
    );
  }
  return { wamids: unread.map((message) => message.wamid) };
}

/** Any status sequence for one of the business's messages: reordered, batched, duplicated. */
export async function sendStatuses(
  ctx: MessagingContext,
  number: SimNumber,
  input: { wamid: string; sequence: StatusName[]; errorCode?: number; batch?: boolean; copies?: number },
): Promise<void> {
  const message = await findMessage(ctx.db, input.wamid);
  if (!message || message.phoneNumberId !== number.phoneNumberId || message.direction !== 'to_customer')
    throw new SimulatorActionError('Mensagem da empresa não encontrada neste número.', 404);
  const at = ctx.now();
  await emitStatuses(
    ctx,
    number,
    input.sequence.map((status) => ({
      wamid: message.wamid,
      status,
      recipient: message.customer,
      at,
      callbackData: message.callbackData,
      ...(status === 'failed' && { errorCode: input.errorCode ?? 131026 }),
    })),
    { batch: input.batch ?? false, copies: input.copies ?? 1 },
  );
}

/** The owner writes to a customer from the WhatsApp Business app (coexistence): an echo. */
export async function ownerEcho(
  ctx: MessagingContext,
  number: SimNumber,
  input: { to: string; text: string },
): Promise<{ wamid: string }> {
  requireCoexistence(number);
  requireSubscribed(number);
  const to = customerDigits(input.to);
  if (!input.text.trim()) throw new SimulatorActionError('Escreva a mensagem do dono.');
  const at = ctx.now();
  const wamid = newWamid();
  const content = { type: 'text', text: { body: input.text } };
  await insertMessage(ctx.db, {
    wamid,
    phoneNumberId: number.phoneNumberId,
    customer: to,
    direction: 'echo',
    type: 'text',
    content,
    status: 'delivered',
    createdAt: at,
  });
  await ctx.emitter.emit(
    envelope([entryOf(number, [echoesChange(number, [{ to, id: wamid, at, content }])])]),
  );
  return { wamid };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days back each phase reaches (0–1, 1–90, 90–180): where its messages are dated. */
const PHASE_DAYS = [0.5, 30, 120] as const;

/**
 * The phone app's history after smb_app_data: `chunksPerPhase` chunks for each of the three
 * phases, one thread with `customer` each, progress rising to 100; `outOfOrder` sends them last
 * first. `declined` sends error 2593109 instead.
 */
export async function historySync(
  ctx: MessagingContext,
  number: SimNumber,
  input: {
    customer: string;
    name?: string;
    chunksPerPhase?: number;
    outOfOrder?: boolean;
    declined?: boolean;
    /** The messages' ids by position ("3:customer"); fresh ones by default. */
    wamidFor?: (key: string) => string;
    /** Sent no sooner than this (Meta shares the phone's history a while after smb_app_data). */
    delayMs?: number;
  },
): Promise<{ chunks: number; wamids: string[] }> {
  requireCoexistence(number);
  requireSubscribed(number);
  const delay = { delayMs: input.delayMs ?? 0 };
  if (input.declined) {
    await ctx.emitter.emit(envelope([entryOf(number, [historyDeclinedChange(number)])]), 1, delay);
    return { chunks: 1, wamids: [] };
  }
  const wamidFor = input.wamidFor ?? newWamid;
  const customer = customerDigits(input.customer);
  const business = number.displayPhoneNumber.replace(/[^0-9]/g, '');
  const perPhase = input.chunksPerPhase ?? 1;
  const total = perPhase * PHASE_DAYS.length;
  const chunks: HistoryChunk[] = [];
  const wamids: string[] = [];
  const now = ctx.now().getTime();
  for (let phase = 0; phase < PHASE_DAYS.length; phase++) {
    for (let part = 0; part < perPhase; part++) {
      const index = phase * perPhase + part;
      const at = new Date(now - PHASE_DAYS[phase]! * DAY_MS - part * 60_000);
      // The customer asks, the owner answers from the phone: both read long ago.
      const pair = [
        {
          id: wamidFor(`${index}:customer`),
          direction: 'to_business',
          from: customer,
          text: `Histórico ${index + 1}: olá, tudo bem?`,
        },
        {
          id: wamidFor(`${index}:owner`),
          direction: 'echo',
          from: business,
          to: customer,
          text: `Histórico ${index + 1}: tudo ótimo, obrigado!`,
        },
      ] as const;
      for (const message of pair) {
        await insertMessage(ctx.db, {
          wamid: message.id,
          phoneNumberId: number.phoneNumberId,
          customer,
          direction: message.direction,
          type: 'text',
          content: {
            type: 'text',
            text: { body: message.text },
            ...(message.direction === 'to_business' && { _profile: { name: input.name ?? customer } }),
          },
          status: message.direction === 'echo' ? 'read' : null,
          createdAt: at,
        });
        wamids.push(message.id);
      }
      chunks.push({
        phase: phase as 0 | 1 | 2,
        chunkOrder: part + 1,
        progress: Math.round(((index + 1) / total) * 100),
        threads: [
          {
            id: customer,
            messages: pair.map((message) => ({
              from: message.from,
              ...('to' in message && { to: message.to }),
              id: message.id,
              timestamp: unixSeconds(at),
              type: 'text',
              text: { body: message.text },
              history_context: { status: 'READ' },
            })),
          },
        ],
      });
    }
  }
  const ordered = input.outOfOrder ? [...chunks].reverse() : chunks;
  await ctx.emitter.emit(
    ordered.map((chunk) => envelope([entryOf(number, [historyChange(number, chunk)])])),
    1,
    delay,
  );
  return { chunks: chunks.length, wamids };
}

/** The phone app's contacts (smb_app_state_sync). */
export async function contactSync(
  ctx: MessagingContext,
  number: SimNumber,
  contacts: { name: string; phone: string; action?: 'add' | 'remove' }[],
  { delayMs = 0 } = {},
): Promise<void> {
  requireCoexistence(number);
  requireSubscribed(number);
  if (contacts.length === 0) throw new SimulatorActionError('Informe ao menos um contato.');
  const at = ctx.now();
  const sync: ContactSync[] = contacts.map((contact) => ({
    fullName: contact.name,
    firstName: contact.name.split(/\s+/)[0] ?? contact.name,
    phoneNumber: customerDigits(contact.phone),
    action: contact.action ?? 'add',
    at,
  }));
  await ctx.emitter.emit(envelope([entryOf(number, [contactSyncChange(number, sync)])]), 1, { delayMs });
}

/** The number left the Cloud API (ACCOUNT_OFFBOARDED). */
export async function offboard(ctx: MessagingContext, number: SimNumber): Promise<void> {
  requireSubscribed(number);
  await ctx.emitter.emit(envelope([entryOf(number, [offboardedChange(number)])]));
}
