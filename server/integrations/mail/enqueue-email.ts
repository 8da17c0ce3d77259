import * as z from 'zod';
import type { Queryable } from '../../db/types';
import { enqueue } from '../../jobs/enqueue';

/** The job kind that delivers one e-mail; its handler is in send-email-job.ts. */
export const MAIL_SEND_JOB = 'mail.send';

/** An e-mail is time-sensitive (sign-in links) but a relay outage can last minutes: ~20 min of retries. */
const MAX_ATTEMPTS = 8;

export interface EmailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** Plain-text body; always sent, so every client can read the message. */
  text: string;
  /** Optional HTML alternative of the same content. */
  html?: string;
}

/** What a `mail.send` job carries; checked when queued and again when run. */
export const emailMessageSchema = z.strictObject({
  // Deliberately loose (sign-up accepts any plausible address; the relay has the last word), but
  // exactly one address: no spaces, commas or brackets that would add recipients or headers.
  to: z
    .string()
    .max(320)
    .regex(/^[^\s@,;<>"]+@[^\s@,;<>"]+$/),
  // One header line: a line break in a subject is a header injection attempt or a bug.
  subject: z
    .string()
    .min(1)
    .max(998)
    .regex(/^[^\r\n]*$/),
  text: z.string().max(1_000_000),
  html: z.string().max(1_000_000).optional(),
}) satisfies z.ZodType<EmailMessage>;

/**
 * Queues an e-mail instead of sending it inline: pass the command's transaction so the e-mail exists
 * only if the command commits, and a slow or failing relay is retried with backoff by the worker
 * instead of failing the request. With `idempotencyKey` (e.g. `mail:verify-email:<tokenId>`) a
 * repeated command queues the e-mail once. An invalid message throws here, in the caller's
 * transaction, rather than failing later where nobody sees it.
 */
export async function enqueueEmail(
  q: Queryable,
  message: EmailMessage,
  options: { idempotencyKey?: string } = {},
): Promise<void> {
  const checked = emailMessageSchema.safeParse(message);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => issue.path.join('.') || '(message)').join(', ');
    throw new TypeError(`enqueueEmail: invalid e-mail (${fields})`);
  }
  await enqueue(q, {
    kind: MAIL_SEND_JOB,
    payload: checked.data,
    maxAttempts: MAX_ATTEMPTS,
    ...(options.idempotencyKey !== undefined && { idempotencyKey: options.idempotencyKey }),
  });
}
