import { createTransport } from 'nodemailer';
import type { EmailMessage } from './enqueue-email';
import { type Mailer, MailRejectedError, type SendOptions } from './mailer';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; query options as nodemailer reads them. */
  url: string;
  /** The From header, e.g. `Fechaí <nao-responda@fechai.com.br>`. */
  from: string;
}

/**
 * E-mail through an SMTP relay (nodemailer). A connection per message: the volume is low and a fresh
 * connection makes every attempt independent of the one that failed before it. Timeouts are well
 * below the job timeout, so a stuck relay fails the attempt itself and the job is retried.
 */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  const transport = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'fechai.local';

  return {
    kind: 'smtp',
    description: `SMTP ${describeUrl(url)}`,
    async send(message: EmailMessage, options: SendOptions = {}) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== undefined && { html: message.html }),
          ...(options.idempotencyKey && { messageId: `<${options.idempotencyKey}@${domain}>` }),
        });
      } catch (err) {
        throw classify(err);
      }
    },
  };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
}

/**
 * 5xx is the relay's final answer about this message: retrying it only repeats the rejection. Failed
 * authentication is also 5xx, but it is our configuration, not the message, so it stays retryable (a
 * fixed SMTP_URL still delivers). 4xx, timeouts and dropped connections are transient.
 */
function classify(err: unknown): unknown {
  const e = err as SmtpError;
  const auth = e?.code === 'EAUTH' || e?.code === 'ENOAUTH';
  const rejected = typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  // An envelope nodemailer refuses before talking to the relay (no valid recipient) never gets better.
  const badEnvelope = e?.code === 'EENVELOPE' && e.responseCode === undefined;
  if (!auth && (rejected || badEnvelope)) {
    return new MailRejectedError(`SMTP rejected the message: ${e.message}`, e.responseCode, { cause: err });
  }
  return err;
}

/** Scheme, host and port only: the URL may carry a password. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(endereço inválido)';
  }
}
