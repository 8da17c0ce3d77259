/** One text message to one Brazilian mobile. */
export interface SmsMessage {
  /** E.164: +5511912345678. */
  to: string;
  text: string;
}

export interface SmsSendOptions {
  /** Stable across retries of the same message (the job id): the dev outbox stores it once. */
  idempotencyKey?: string;
  /** Aborted when the job runs out of time: stop waiting for the provider. */
  signal?: AbortSignal;
}

/** Where text messages go: a provider (Twilio), or the dev outbox when none is configured. */
export interface SmsSender {
  readonly kind: 'dev-outbox' | 'twilio';
  /** For the start-up log; never contains credentials. */
  readonly description: string;
  /**
   * Resolves once the provider accepted the message (with its id, when it gives one). Throws
   * SmsRejectedError when trying again cannot help, anything else when it can.
   */
  send(message: SmsMessage, options?: SmsSendOptions): Promise<{ providerId: string | null }>;
}

/** The provider refused this message for good (an invalid number, a blocked destination). */
export class SmsRejectedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsRejectedError';
  }
}
