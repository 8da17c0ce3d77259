import type { FollowUpStatus } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import type { GraphError } from '../../integrations/whatsapp/graph-client';
import type { JobHandler } from '../../jobs/worker';
import { type FollowUpSendPayload, followUpSendPayload, requeueFollowUpSend } from '../tasks/follow-up-job';
import { type Claim, canSend, type Dispatcher, sendingConnection } from './dispatcher';
import { DEFAULT_FOLLOW_UP_EXPIRY_HOURS } from './follow-up-cutoff';
import type { FollowUpProblemCode } from './follow-up-problems';
import { flagUndeliverable, moveFollowUps } from './follow-up-state';
import { type HoldAtClaim, holdAtClaimSql, holdBackAtClaim } from './hold-at-claim';
import { hasUnansweredAttempt } from './send-attempts';

type Order = FollowUpSendPayload & { companyId: string };

/** Why a claim did not send, already written to the follow-up. */
type Held = 'gone' | 'held';

interface DueRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  body: string;
  status: FollowUpStatus;
  on_time: boolean;
  task_id: string | null;
  task_status: string | null;
  task_refers: boolean | null;
  phone: string | null;
  window_open: boolean;
  hold: HoldAtClaim | null;
  /** The sending connection is still connected (false when none was given). */
  connected: boolean;
}

const UNSENT: readonly FollowUpStatus[] = ['scheduled'];

/** Meta's refusals that end a follow-up as failed, with the code the owner reads. */
const FAILED_BY: Partial<Record<GraphError['kind'], (error: GraphError) => FollowUpProblemCode>> = {
  undeliverable: () => '131026',
  spam_limit: (error) => (error.code === 131049 ? '131049' : '131048'),
  // 132018: a parameter Meta will not take (132000's kind); 132001: the template is gone.
  template: (error) => (error.code === 132001 ? '132001' : '132000'),
};

/** Jitter for Meta's throughput refusal (130429): 1 to 3 s, so refused sends do not return together. */
const throughputBackoffMs = () => 1_000 + Math.random() * 2_000;

/**
 * The followup.send handler: sends one follow-up at its time through the dispatcher, exactly once.
 * - It acts only while the follow-up is still scheduled at the job's time (sent, cancelled, deleted
 *   or moved: nothing); a task completed or no longer referring to it cancels it.
 * - A follow-up found `sending` had an attempt whose answer never came (the process died during the
 *   call): it is never called again by itself; it fails as UNCERTAIN unless a status webhook with
 *   that attempt's id (biz_opaque_callback_data) already completed it.
 * - Held back, visibly: no live connection (waiting_connection, NO_CONNECTION or 190), the owner's
 *   pause (paused, unless sent on request after it), past the cut-off (expired), no phone (NO_PHONE), outside the 24-hour window without a template (NO_TEMPLATE).
 * - Meta's error table: 131047 on free text → the template at once (a new attempt); 131026 → failed
 *   and the customer flagged; 130429 → again after a jittered pause; 131056 → again after the pair
 *   interval; 131048/131049/132000/132001 → failed; 190 → the connection needs reconnecting and the
 *   follow-up waits for it; 1, 2, 131000, 5xx, network before sending → retried with the job's
 *   backoff, GAVE_UP after its last attempt.
 */
export function sendFollowUpHandler(
  dispatcher: Dispatcher,
  { expiryHours = DEFAULT_FOLLOW_UP_EXPIRY_HOURS }: { expiryHours?: number } = {},
): JobHandler {
  const { db } = dispatcher;
  return async (job, { signal }) => {
    const order = followUpSendPayload(job);
    const found = await sendingConnection(db, order.companyId);
    if (!found || !canSend(found)) {
      await db.transaction((tx) => holdWithoutConnection(tx, order, found?.status ?? null, expiryHours));
      return;
    }
    const connection = found;
    const result = await dispatcher.dispatch<Held>(
      connection,
      (tx) => claim(tx, order, connection.id, connection.template, expiryHours),
      signal,
    );
    switch (result.kind) {
      case 'stopped':
        return;
      case 'not_connected':
        await db.transaction((tx) => holdWithoutConnection(tx, order, 'needs_reconnect', expiryHours));
        return;
      case 'later':
        await db.transaction((tx) => requeueFollowUpSend(tx, order.companyId, payloadOf(order), result.at));
        return;
      case 'accepted':
        return;
      case 'unknown':
        await db.transaction((tx) =>
          moveFollowUps(tx, order.companyId, [order.followUpMessageId], ['sending'], 'failed', 'UNCERTAIN'),
        );
        return;
      case 'refused':
        await refused(order, result.error, result.attempt.sentAs, connection.template !== null, {
          lastAttempt: job.attempts >= job.maxAttempts,
        });
        return;
    }
  };

  async function refused(
    order: Order,
    error: GraphError,
    sentAs: 'text' | 'template',
    hasTemplate: boolean,
    { lastAttempt }: { lastAttempt: boolean },
  ) {
    const { companyId, followUpMessageId } = order;
    const ids = [followUpMessageId];
    const from: readonly FollowUpStatus[] = ['sending'];
    const failedCode = FAILED_BY[error.kind]?.(error);
    if (failedCode) {
      await db.transaction(async (tx) => {
        const moved = await moveFollowUps(tx, companyId, ids, from, 'failed', failedCode);
        if (failedCode === '131026' && moved.length > 0) {
          const customer = await customerOf(tx, companyId, followUpMessageId);
          if (customer) await flagUndeliverable(tx, companyId, customer);
        }
      });
      return;
    }
    if (error.kind === 'outside_window') {
      await db.transaction(async (tx) => {
        if (sentAs === 'text' && hasTemplate) {
          const moved = await moveFollowUps(tx, companyId, ids, from, 'scheduled', null);
          if (moved.length > 0) {
            await requeueFollowUpSend(tx, companyId, { ...payloadOf(order), asTemplate: true }, new Date());
          }
        } else {
          await moveFollowUps(
            tx,
            companyId,
            ids,
            from,
            'failed',
            sentAs === 'text' ? 'NO_TEMPLATE' : '131047',
          );
        }
      });
      return;
    }
    if (error.kind === 'token') {
      // The connection was marked for reconnecting with the refusal; connecting again resumes it.
      await db.transaction((tx) => moveFollowUps(tx, companyId, ids, from, 'waiting_connection', '190'));
      return;
    }
    if (error.kind === 'throughput' || error.kind === 'pair_rate_limit') {
      const waitMs = error.kind === 'throughput' ? throughputBackoffMs() : dispatcher.pacing.pairIntervalMs;
      await db.transaction(async (tx) => {
        const moved = await moveFollowUps(tx, companyId, ids, from, 'scheduled', null);
        if (moved.length > 0) {
          await requeueFollowUpSend(tx, companyId, payloadOf(order), new Date(Date.now() + waitMs));
        }
      });
      return;
    }
    // Transient (1, 2, 131000, 5xx, no connection to Meta) or unknown: scheduled again, and the job
    // retries with its backoff; after its last attempt the follow-up has given up.
    if (lastAttempt) {
      await db.transaction((tx) => moveFollowUps(tx, companyId, ids, from, 'failed', 'GAVE_UP'));
      return;
    }
    await db.transaction((tx) => moveFollowUps(tx, companyId, ids, from, 'scheduled', null));
    throw error;
  }
}

const payloadOf = (order: Order): FollowUpSendPayload => ({
  followUpMessageId: order.followUpMessageId,
  scheduledFor: order.scheduledFor,
  ...(order.asTemplate && { asTemplate: true }),
});

async function customerOf(tx: Queryable, companyId: string, followUpId: string): Promise<string | null> {
  const { rows } = await tx.query<{ customer_id: string }>(
    'SELECT customer_id FROM follow_up_messages WHERE company_id = $1 AND id = $2',
    [companyId, followUpId],
  );
  return rows[0]?.customer_id ?? null;
}

/**
 * The follow-up, if still this job's, waits for the company's connection (again), unless it is past
 * the cut-off or its customer is paused.
 */
async function holdWithoutConnection(
  tx: Queryable,
  order: Order,
  status: string | null,
  expiryHours: number,
): Promise<void> {
  const due = await lockDue(tx, order, expiryHours);
  if (!due) return;
  if (due.hold) return holdBackAtClaim(tx, order.companyId, due.id, due.hold);
  await moveFollowUps(
    tx,
    order.companyId,
    [due.id],
    UNSENT,
    'waiting_connection',
    status === 'needs_reconnect' ? '190' : 'NO_CONNECTION',
  );
}

/**
 * The follow-up and its customer, locked (two sends to one customer are decided one after the
 * other), when it is still this job's to act on; a follow-up whose task ended is cancelled, one left
 * `sending` by a lost answer is settled as UNCERTAIN. Null when there is nothing to send.
 */
async function lockDue(
  tx: Queryable,
  order: Order,
  expiryHours: number,
  connectionId: string | null = null,
): Promise<DueRow | null> {
  const { rows } = await tx.query<DueRow>(
    `SELECT m.id, m.customer_id, m.body, m.status, m.task_id,
            m.scheduled_for = $3::timestamptz AS on_time,
            t.status AS task_status,
            (t.reference_entity_name = 'follow_up_message' AND t.reference_entity_id = m.id) AS task_refers,
            c.phone,
            coalesce(c.last_inbound_at > now() - interval '24 hours', false) AS window_open,
            ${holdAtClaimSql('m', 'c', '$4')} AS hold,
            EXISTS (SELECT 1 FROM whatsapp_connections w
                     WHERE w.company_id = m.company_id AND w.id = $5::uuid AND w.status = 'connected') AS connected
       FROM follow_up_messages m
       JOIN customers c ON c.company_id = m.company_id AND c.id = m.customer_id
       LEFT JOIN tasks t ON t.company_id = m.company_id AND t.id = m.task_id
      WHERE m.company_id = $1 AND m.id = $2
        FOR UPDATE OF m, c`,
    [order.companyId, order.followUpMessageId, order.scheduledFor, expiryHours, connectionId],
  );
  const row = rows[0];
  if (!row?.on_time) return null;
  if (row.status === 'sending') {
    if (await hasUnansweredAttempt(tx, order.companyId, row.id)) {
      await moveFollowUps(tx, order.companyId, [row.id], ['sending'], 'failed', 'UNCERTAIN');
    }
    return null;
  }
  if (row.status !== 'scheduled') return null;
  if (row.task_id !== null && (row.task_status !== 'pending' || !row.task_refers)) {
    await moveFollowUps(tx, order.companyId, [row.id], UNSENT, 'cancelled', null);
    return null;
  }
  return row;
}

/** Inside the dispatcher's claim transaction: what to send, or why not (written to the follow-up). */
async function claim(
  tx: Queryable,
  order: Order,
  connectionId: string,
  template: { name: string; language: string } | null,
  expiryHours: number,
): Promise<Claim<Held>> {
  const due = await lockDue(tx, order, expiryHours, connectionId);
  if (!due) return { kind: 'stop', value: 'gone' };
  const hold = async (status: FollowUpStatus, code: FollowUpProblemCode): Promise<Claim<Held>> => {
    await moveFollowUps(tx, order.companyId, [due.id], UNSENT, status, code);
    return { kind: 'stop', value: 'held' };
  };
  // Past the cut-off (expired), or the owner answered from the phone (paused): not sent.
  if (due.hold) {
    await holdBackAtClaim(tx, order.companyId, due.id, due.hold);
    return { kind: 'stop', value: 'held' };
  }
  const to = due.phone?.replace(/[^0-9]/g, '');
  if (!to) return hold('failed', 'NO_PHONE');
  const asText = due.window_open && !order.asTemplate;
  if (!asText && !template) return hold('failed', 'NO_TEMPLATE');
  // Disconnected while this send waited for its slot.
  if (!due.connected) return hold('waiting_connection', 'NO_CONNECTION');
  return {
    kind: 'send',
    attempt: {
      companyId: order.companyId,
      connectionId,
      customerId: due.customer_id,
      purpose: 'follow_up',
      followUpMessageId: due.id,
      message: asText
        ? { to, type: 'text', body: due.body }
        : {
            to,
            type: 'template',
            name: template!.name,
            language: template!.language,
            parameters: [due.body],
          },
    },
    recorded: async (innerTx) => {
      await moveFollowUps(innerTx, order.companyId, [due.id], UNSENT, 'sending', null);
    },
  };
}
