import { asDate, isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { enqueue } from '../../jobs/enqueue';
import type { Job } from '../../jobs/job';
import { PermanentJobError } from '../../jobs/permanent-error';
import type { JobHandler } from '../../jobs/worker';
import { DEFAULT_FOLLOW_UP_EXPIRY_HOURS } from '../whatsapp-sending/follow-up-cutoff';
import { holdBackAtClaim } from '../whatsapp-sending/hold-at-claim';
import {
  type FollowUpSender,
  type FollowUpSendResult,
  type FollowUpToSend,
  noWhatsappConnectionSender,
} from './follow-up-sender';

/** Sends one follow-up message at its time (a durable job, see server/jobs/README.md). */
export const FOLLOW_UP_SEND_JOB = 'followup.send';

export interface FollowUpSendPayload {
  followUpMessageId: string;
  /** The time this job sends it at (UTC, microseconds); a message moved to another time is not this job's. */
  scheduledFor: string;
}

/**
 * Queues the send of a scheduled message at its scheduled_for, in the caller's transaction (the job
 * commits with the message). The key names the message and its time, so scheduling the same
 * message at the same time twice queues one job; should that time's job have already run (the
 * message was moved away and back, or is resumed after waiting for a connection), a numbered key
 * queues a fresh one; `fresh` asks for one that has not started yet.
 */
export async function enqueueFollowUpSend(
  tx: Queryable,
  companyId: string,
  messageId: string,
  options: { fresh?: boolean } = {},
): Promise<Job> {
  const { rows } = await tx.query<{ scheduled_for: Timestamp; at: string }>(
    `SELECT scheduled_for, ${isoMicrosecondsSql('scheduled_for')} AS at FROM follow_up_messages WHERE company_id = $1 AND id = $2`,
    [companyId, messageId],
  );
  const message = rows[0];
  if (!message) throw new Error(`follow-up message ${messageId} not found`);
  const key = `${FOLLOW_UP_SEND_JOB}:${messageId}:${message.at}`;
  for (let n = 1; ; n++) {
    const { job, created } = await enqueue<FollowUpSendPayload>(tx, {
      kind: FOLLOW_UP_SEND_JOB,
      companyId,
      payload: { followUpMessageId: messageId, scheduledFor: message.at },
      runAt: asDate(message.scheduled_for),
      idempotencyKey: n === 1 ? key : `${key}:${n}`,
    });
    // fresh ("Enviar agora"): a job already running may have claimed the message before this change.
    if (created || job.status === 'queued' || (job.status === 'running' && !options.fresh)) return job;
  }
}

/**
 * The followup.send handler. Idempotent: it locks the message and acts only while the message is
 * still 'scheduled' at the job's time, so a job whose message was sent, cancelled, deleted (with its
 * task or customer) or moved to another time does nothing. A message whose task was completed, or
 * no longer refers to it, is cancelled instead of sent: a follow-up goes out only while its task is
 * pending. The sender is called outside any transaction (PGlite has one connection); its outcome is
 * recorded afterwards, and a message that went out is marked sent whatever happened to it meanwhile.
 */
export function sendFollowUpHandler(
  sender: FollowUpSender = noWhatsappConnectionSender,
  { expiryHours = DEFAULT_FOLLOW_UP_EXPIRY_HOURS }: { expiryHours?: number } = {},
): JobHandler {
  return async (job, { db, signal }) => {
    const order = sendOrder(job);
    const due = await db.transaction((tx) => claimDueMessage(tx, order, expiryHours));
    if (!due) return;
    let result: FollowUpSendResult;
    try {
      result = await sender.send(due, signal);
    } catch (err) {
      if (job.attempts >= job.maxAttempts) {
        await recordOutcome(db, order, { outcome: 'failed', error: gaveUpText(job.attempts) });
      }
      throw err;
    }
    await recordOutcome(db, order, result);
  };
}

/** What a followup.send job asks for: one message of its company, at one time. */
interface SendOrder {
  companyId: string;
  messageId: string;
  /** As the payload names it (UTC, microseconds). */
  scheduledFor: string;
}

function sendOrder(job: Job): SendOrder {
  const payload = job.payload as Partial<FollowUpSendPayload> | null;
  if (
    !job.companyId ||
    typeof payload?.followUpMessageId !== 'string' ||
    typeof payload.scheduledFor !== 'string'
  ) {
    throw new PermanentJobError(`invalid ${FOLLOW_UP_SEND_JOB} job ${job.id}`);
  }
  return {
    companyId: job.companyId,
    messageId: payload.followUpMessageId,
    scheduledFor: payload.scheduledFor,
  };
}

interface DueRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  customer_id: string;
  body: string;
  scheduled_for: Timestamp;
  status: string;
  on_time: boolean;
  task_id: string | null;
  task_status: string | null;
  task_refers: boolean | null;
  phone: string | null;
}

async function claimDueMessage(
  tx: Queryable,
  order: SendOrder,
  expiryHours: number,
): Promise<FollowUpToSend | null> {
  const { rows } = await tx.query<DueRow>(
    `SELECT m.id, m.company_id, m.customer_id, m.body, m.scheduled_for, m.status, m.task_id,
            m.scheduled_for = $3::timestamptz AS on_time,
            t.status AS task_status,
            (t.reference_entity_name = 'follow_up_message' AND t.reference_entity_id = m.id) AS task_refers,
            c.phone
       FROM follow_up_messages m
       LEFT JOIN tasks t ON t.company_id = m.company_id AND t.id = m.task_id
       LEFT JOIN customers c ON c.company_id = m.company_id AND c.id = m.customer_id
      WHERE m.company_id = $1 AND m.id = $2
        FOR UPDATE OF m`,
    [order.companyId, order.messageId, order.scheduledFor],
  );
  const row = rows[0];
  if (row?.status !== 'scheduled' || !row.on_time) return null;
  if (row.task_id !== null && (row.task_status !== 'pending' || !row.task_refers)) {
    await tx.query(`UPDATE follow_up_messages SET status = 'cancelled' WHERE company_id = $1 AND id = $2`, [
      order.companyId,
      row.id,
    ]);
    return null;
  }
  // Too late, or the owner paused this customer's follow-ups: expired or paused, not sent.
  if (await holdBackAtClaim(tx, order.companyId, row.id, expiryHours)) return null;
  return {
    messageId: row.id,
    companyId: row.company_id,
    customerId: row.customer_id,
    phone: row.phone,
    body: row.body,
    scheduledFor: asDate(row.scheduled_for),
    idempotencyKey: `${FOLLOW_UP_SEND_JOB}:${row.id}:${order.scheduledFor}`,
  };
}

async function recordOutcome(q: Queryable, order: SendOrder, result: FollowUpSendResult) {
  if (result.outcome === 'sent') {
    await q.query(
      `UPDATE follow_up_messages SET status = 'sent', sent_at = now(), last_error = NULL
        WHERE company_id = $1 AND id = $2 AND status <> 'sent'`,
      [order.companyId, order.messageId],
    );
    return;
  }
  // Only a message still waiting for this very send: an edit in the meantime wins.
  const [status, error] =
    result.outcome === 'no_connection' ? ['waiting_connection', null] : ['failed', result.error];
  await q.query(
    `UPDATE follow_up_messages SET status = $4, last_error = $5
      WHERE company_id = $1 AND id = $2 AND status = 'scheduled' AND scheduled_for = $3::timestamptz`,
    [order.companyId, order.messageId, order.scheduledFor, status, error],
  );
}

/** Why a message failed after its last attempt, as the owner reads it (details stay in the job's log). */
function gaveUpText(attempts: number): string {
  return `Não foi possível enviar a mensagem pelo WhatsApp depois de ${attempts} tentativas.`;
}
