import { randomUUID } from 'node:crypto';
import { isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { enqueue } from '../../jobs/enqueue';
import type { Job } from '../../jobs/job';
import { PermanentJobError } from '../../jobs/permanent-error';

/** Sends one follow-up message at its time (a durable job, see server/jobs/README.md). */
export const FOLLOW_UP_SEND_JOB = 'followup.send';

export interface FollowUpSendPayload {
  followUpMessageId: string;
  /** The time this job sends it at (UTC, microseconds); a message moved to another time is not this job's. */
  scheduledFor: string;
  /** Send it as the template whatever the window says (WhatsApp refused it as free text: 131047). */
  asTemplate?: boolean;
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
      runAt: new Date(message.scheduled_for),
      idempotencyKey: n === 1 ? key : `${key}:${n}`,
    });
    // fresh ("Enviar agora"): a job already running may have claimed the message before this change.
    if (created || job.status === 'queued' || (job.status === 'running' && !options.fresh)) return job;
  }
}

/**
 * Queues the same send again at `runAt` (the number's next free slot, the pair rate, Meta's
 * throughput refusal) or at once as the template, in the caller's transaction. A key of its own: the
 * job asking for it is still running and keeps its own.
 */
export async function requeueFollowUpSend(
  tx: Queryable,
  companyId: string,
  payload: FollowUpSendPayload,
  runAt: Date,
): Promise<Job> {
  const { job } = await enqueue<FollowUpSendPayload>(tx, {
    kind: FOLLOW_UP_SEND_JOB,
    companyId,
    payload,
    runAt,
    idempotencyKey: `${FOLLOW_UP_SEND_JOB}:${payload.followUpMessageId}:${payload.scheduledFor}:again:${randomUUID()}`,
  });
  return job;
}

/** What a followup.send job asks for; a job that names none is given up on. */
export function followUpSendPayload(job: Job): FollowUpSendPayload & { companyId: string } {
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
    followUpMessageId: payload.followUpMessageId,
    scheduledFor: payload.scheduledFor,
    ...(payload.asTemplate === true && { asTemplate: true }),
  };
}
