import type { EmailMessage } from './enqueue-email';

export interface SendOptions {
  /**
   * Stable across retries of the same e-mail (the job id): the dev outbox stores it once, SMTP puts it
   * in the Message-ID so a duplicate delivery can be recognised downstream.
   */
  idempotencyKey?: string;
}

/** Where e-mails go: an SMTP relay, or the dev outbox when none is configured. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-outbox';
  /** For the start-up log; never contains credentials. */
  readonly description: string;
  /** Resolves once accepted; throws MailRejectedError when retrying cannot help, anything else when it can. */
  send(message: EmailMessage, options?: SendOptions): Promise<void>;
}

/** The relay refused this message for good (an SMTP 5xx, an address it will never accept). */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MailRejectedError';
  }
}
