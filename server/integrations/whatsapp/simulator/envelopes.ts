import type { SimNumber } from './store';

/**
 * Meta's webhook bodies, built as the Cloud API sends them: one envelope, entries per WhatsApp
 * Business account, changes per field. Timestamps are strings of unix seconds.
 */

export type WebhookField =
  | 'messages'
  | 'smb_message_echoes'
  | 'history'
  | 'smb_app_state_sync'
  | 'account_update';

export interface WebhookChange {
  field: WebhookField;
  value: Record<string, unknown>;
}

export interface WebhookEntry {
  id: string;
  changes: WebhookChange[];
}

export interface WebhookEnvelope {
  object: 'whatsapp_business_account';
  entry: WebhookEntry[];
}

export const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** Digits only, as Meta writes display_phone_number in metadata. */
const displayDigits = (number: SimNumber) => number.displayPhoneNumber.replace(/[^0-9]/g, '');

function base(number: SimNumber) {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: displayDigits(number), phone_number_id: number.phoneNumberId },
  };
}

export function envelope(entries: WebhookEntry[]): WebhookEnvelope {
  return { object: 'whatsapp_business_account', entry: entries };
}

export function entryOf(number: SimNumber, changes: WebhookChange[]): WebhookEntry {
  return { id: number.wabaId, changes };
}

/** An inbound message object: {from, id, timestamp, type, <type>:{…}}. */
export interface InboundMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  [key: string]: unknown;
}

/** Messages from customers; one contact per distinct sender. */
export function messagesChange(
  number: SimNumber,
  contacts: { waId: string; name: string }[],
  messages: InboundMessage[],
): WebhookChange {
  return {
    field: 'messages',
    value: {
      ...base(number),
      contacts: contacts.map((contact) => ({ profile: { name: contact.name }, wa_id: contact.waId })),
      messages,
    },
  };
}

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusEvent {
  wamid: string;
  status: StatusName;
  recipient: string;
  at: Date;
  /** For `failed`: Meta's error code (131047, 131026…). */
  errorCode?: number;
  /** The send's biz_opaque_callback_data, repeated by Meta in each of its statuses. */
  callbackData?: string | null;
}

const ERROR_TEXT: Record<number, { title: string; details: string }> = {
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131026: {
    title: 'Message undeliverable',
    details: 'Unable to deliver message. The recipient may not be a WhatsApp user.',
  },
};

function statusObject(event: StatusEvent, conversationId: string): Record<string, unknown> {
  const status: Record<string, unknown> = {
    id: event.wamid,
    status: event.status,
    timestamp: unixSeconds(event.at),
    recipient_id: event.recipient,
  };
  if (event.callbackData) status.biz_opaque_callback_data = event.callbackData;
  if (event.status === 'failed') {
    const code = event.errorCode ?? 131026;
    const text = ERROR_TEXT[code] ?? { title: 'Failure', details: 'Message failed.' };
    status.errors = [
      {
        code,
        title: text.title,
        message: text.title,
        error_data: { details: text.details },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ];
  } else {
    status.conversation = { id: conversationId, origin: { type: 'service' } };
    status.pricing = { billable: true, pricing_model: 'PMP', category: 'service' };
  }
  return status;
}

/** Status updates of the business's messages. */
export function statusesChange(number: SimNumber, events: StatusEvent[]): WebhookChange {
  return {
    field: 'messages',
    value: {
      ...base(number),
      statuses: events.map((event) => statusObject(event, conversationIdFor(number, event.recipient))),
    },
  };
}

/** A stable conversation id per number and customer (Meta's is an opaque hex string). */
function conversationIdFor(number: SimNumber, recipient: string): string {
  let hash = 0;
  for (const char of `${number.phoneNumberId}:${recipient}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(16).padStart(32, '0');
}

/** What the owner sent from the WhatsApp Business app on a coexistence number. */
export function echoesChange(
  number: SimNumber,
  echoes: { to: string; id: string; at: Date; content: Record<string, unknown> }[],
): WebhookChange {
  return {
    field: 'smb_message_echoes',
    value: {
      ...base(number),
      message_echoes: echoes.map((echo) => ({
        from: displayDigits(number),
        to: echo.to,
        id: echo.id,
        timestamp: unixSeconds(echo.at),
        ...echo.content,
      })),
    },
  };
}

export interface HistoryChunk {
  phase: 0 | 1 | 2;
  chunkOrder: number;
  progress: number;
  threads: { id: string; messages: Record<string, unknown>[] }[];
}

/** One chunk of the phone app's history (coexistence onboarding). */
export function historyChange(number: SimNumber, chunk: HistoryChunk): WebhookChange {
  return {
    field: 'history',
    value: {
      ...base(number),
      history: [
        {
          metadata: { phase: chunk.phase, chunk_order: chunk.chunkOrder, progress: chunk.progress },
          threads: chunk.threads,
        },
      ],
    },
  };
}

/** The owner declined to share the history: error 2593109. */
export function historyDeclinedChange(number: SimNumber): WebhookChange {
  return {
    field: 'history',
    value: {
      ...base(number),
      history: [
        {
          errors: [
            {
              code: 2593109,
              title: 'History sharing is turned off by the business',
              message: 'History sharing is turned off by the business',
              error_data: { details: 'The business declined to share chat history.' },
            },
          ],
        },
      ],
    },
  };
}

export interface ContactSync {
  fullName: string;
  firstName: string;
  phoneNumber: string;
  action: 'add' | 'remove';
  at: Date;
}

/** The phone app's contacts (coexistence): added or removed. */
export function contactSyncChange(number: SimNumber, contacts: ContactSync[]): WebhookChange {
  return {
    field: 'smb_app_state_sync',
    value: {
      ...base(number),
      state_sync: contacts.map((contact) => ({
        type: 'contact',
        contact: {
          full_name: contact.fullName,
          first_name: contact.firstName,
          phone_number: contact.phoneNumber,
        },
        action: contact.action,
        metadata: { timestamp: unixSeconds(contact.at) },
      })),
    },
  };
}

/** The number left the Cloud API (phone changed, Business app reinstalled). */
export function offboardedChange(number: SimNumber): WebhookChange {
  return {
    field: 'account_update',
    value: {
      event: 'ACCOUNT_OFFBOARDED',
      phone_number: displayDigits(number),
      // Not in every Meta account_update; here so a receiver keyed on phone_number_id finds its tenant.
      metadata: base(number).metadata,
      waba_info: { waba_id: number.wabaId, owner_business_id: number.businessId },
    },
  };
}
