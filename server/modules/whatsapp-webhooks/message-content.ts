import type { WebhookMessage } from '../../integrations/whatsapp/webhook-objects';

/** What a message becomes in conversation_messages: its type, the text to show, and the rest as details. */
export interface MessageContent {
  type: string;
  body: string | null;
  details: Record<string, unknown>;
  replyToWamid: string | null;
}

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
/** conversation_messages.type's check: Meta's types are lower-case words. */
const TYPE = /^[a-z_]{1,40}$/;

const orNull = (value: string | null | undefined) => (value === undefined || value === null ? null : value);

/** Meta's message, as the conversation keeps it (text exactly as sent: accents and emoji untouched). */
export function messageContent(message: WebhookMessage): MessageContent {
  const type = TYPE.test(message.type) ? message.type : 'unsupported';
  const replyToWamid = orNull(message.context?.id);

  if (type === 'text') return { type, body: orNull(message.text?.body), details: {}, replyToWamid };

  const media = (MEDIA_TYPES as readonly string[]).includes(type)
    ? message[type as (typeof MEDIA_TYPES)[number]]
    : undefined;
  if (media) {
    return {
      type,
      body: orNull(media.caption),
      details: {
        mediaId: orNull(media.id),
        mimeType: orNull(media.mime_type),
        fileName: orNull(media.filename),
        sha256: orNull(media.sha256),
        voice: media.voice === true,
        caption: orNull(media.caption),
      },
      replyToWamid,
    };
  }

  if (type === 'location' && message.location) {
    const { latitude, longitude } = message.location;
    const name = orNull(message.location.name);
    const address = orNull(message.location.address);
    return { type, body: name ?? address, details: { latitude, longitude, name, address }, replyToWamid };
  }

  if (type === 'reaction' && message.reaction) {
    // An empty emoji takes the reaction back; the target is the message reacted to.
    return {
      type,
      body: message.reaction.emoji ?? '',
      details: {},
      replyToWamid: orNull(message.reaction.message_id),
    };
  }

  if (type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    return {
      type,
      body: orNull(reply?.title),
      details: {
        replyId: orNull(reply?.id),
        description: orNull(message.interactive.list_reply?.description),
      },
      replyToWamid,
    };
  }

  if (type === 'button' && message.button) {
    return {
      type,
      body: orNull(message.button.text),
      details: { payload: orNull(message.button.payload) },
      replyToWamid,
    };
  }

  if (type === 'contacts' && message.contacts) {
    const contacts = message.contacts.map((contact) => ({
      name: orNull(contact.name?.formatted_name),
      phones: (contact.phones ?? []).map((phone) => orNull(phone.wa_id ?? phone.phone)).filter(Boolean),
    }));
    const names = contacts.map((contact) => contact.name).filter(Boolean);
    return { type, body: names.length > 0 ? names.join(', ') : null, details: { contacts }, replyToWamid };
  }

  return { type, body: null, details: {}, replyToWamid };
}

/** Meta's seconds, or when the payload arrived when it said none. */
export function sentAt(seconds: number | null | undefined, fallback: Date): Date {
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : fallback;
}
