/** A follow-up message at its time, as a sender needs it. */
export interface FollowUpToSend {
  messageId: string;
  companyId: string;
  customerId: string;
  /** The customer's WhatsApp, digits with the country code; null when they have none any more. */
  phone: string | null;
  body: string;
  scheduledFor: Date;
  /**
   * The same for every attempt at this message and time: a provider that deduplicates by key sends
   * it once even if the job runs twice.
   */
  idempotencyKey: string;
}

/**
 * What became of one send. Throw instead for a failure worth retrying (the job retries with backoff;
 * after its last attempt the message is marked failed with the error).
 */
export type FollowUpSendResult =
  | { outcome: 'sent' }
  /** The company has no WhatsApp connection: the message waits for one ('waiting_connection'). */
  | { outcome: 'no_connection' }
  /** Trying again cannot help (e.g. the number is not on WhatsApp); `error` is pt-BR, shown to the owner. */
  | { outcome: 'failed'; error: string };

/** Sends follow-ups on the company's WhatsApp. Injected into the follow-up job. */
export interface FollowUpSender {
  send(message: FollowUpToSend, signal: AbortSignal): Promise<FollowUpSendResult>;
}

/**
 * The sender while WhatsApp connections do not exist yet: every message waits for a connection.
 * The WhatsApp issue replaces it with one that sends through the company's connection.
 */
export const noWhatsappConnectionSender: FollowUpSender = {
  async send() {
    return { outcome: 'no_connection' };
  },
};
