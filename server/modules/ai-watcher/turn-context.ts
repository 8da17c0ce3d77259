import { type AiTrainingInput, EMPTY_AI_TRAINING } from '../../../contracts/ai-training';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { loadCurrentTraining } from '../ai-training/current-training';
import type { LocalClock } from './named-time';

/** What the watcher reads about one turn of a conversation before proposing anything. */
export interface TurnContext {
  companyId: string;
  customer: { id: string; name: string };
  /**
   * The customer's burst: their messages since the business last wrote, each within a few minutes of
   * the next (at most TURN_MESSAGES), oldest first.
   */
  turn: { id: string; body: string }[];
  /** The turn's last message: the suggestion hangs on it (one per turn). */
  lastMessageId: string;
  /** The conversation before and including the turn, oldest first. */
  recent: { direction: 'inbound' | 'outbound'; body: string; sentAt: string }[];
  openTasks: { id: string; title: string; dueAt: string }[];
  openDeals: { id: string; title: string; stageId: string; stageName: string; valueCents: number }[];
  stages: { id: string; name: string; position: number; kind: 'open' | 'won' | 'lost' }[];
  services: { id: string; name: string; priceCents: number }[];
  training: AiTrainingInput;
  /** The company's local clock now. */
  clock: LocalClock;
  timezone: string;
  /** What is already waiting for the owner about this customer. */
  pending: { kind: string; dealId: string | null; toStageId: string | null }[];
}

const TURN_MESSAGES = 10;
const RECENT_MESSAGES = 12;
/** Messages further apart than this are two turns (each analysed when it ended), not one burst. */
const TURN_GAP_MS = 3 * 60_000;
/** How far back the conversation around a turn is read. */
const TURN_WINDOW = "interval '24 hours'";

interface LatestRow extends Record<string, unknown> {
  id: string;
  sent_at: Timestamp;
  own_sent_at: Timestamp;
  customer_id: string;
  name: string;
  timezone: string;
  weekday: number;
  hour: number;
  minute: number;
  enabled: boolean;
}

/**
 * The turn `messageId` belongs to, or null when there is nothing to analyse: the message or its
 * company is gone, the company turned the watcher off, or the customer wrote again since (the later
 * message's job analyses the whole turn).
 */
export async function loadTurnContext(
  q: Queryable,
  companyId: string,
  messageId: string,
  { forPrompt }: { forPrompt: boolean },
): Promise<TurnContext | null> {
  const { rows } = await q.query<LatestRow>(
    `SELECT latest.id, latest.sent_at, m.sent_at AS own_sent_at, c.id AS customer_id, c.name, co.timezone,
            co.sentinel_watcher_enabled AS enabled,
            extract(dow FROM now() AT TIME ZONE co.timezone)::int AS weekday,
            extract(hour FROM now() AT TIME ZONE co.timezone)::int AS hour,
            extract(minute FROM now() AT TIME ZONE co.timezone)::int AS minute
       FROM conversation_messages m
       JOIN companies co ON co.id = m.company_id
       JOIN customers c ON c.company_id = m.company_id AND c.id = m.customer_id
       CROSS JOIN LATERAL (
         SELECT l.id, l.sent_at FROM conversation_messages l
          WHERE l.company_id = m.company_id AND l.customer_id = m.customer_id AND l.direction = 'inbound'
          ORDER BY l.sent_at DESC, l.created_at DESC, l.id DESC LIMIT 1) latest
      WHERE m.company_id = $1 AND m.id = $2 AND m.direction = 'inbound'`,
    [companyId, messageId],
  );
  const head = rows[0];
  if (!head?.enabled) return null;
  if (Date.parse(head.own_sent_at) < Date.parse(head.sent_at)) return null;
  const customerId = head.customer_id;

  const recent = await q.query<{
    id: string;
    direction: 'inbound' | 'outbound';
    body: string;
    sent_at: Timestamp;
  }>(
    `SELECT id, direction, COALESCE(body, '') AS body, sent_at FROM conversation_messages
      WHERE company_id = $1 AND customer_id = $2 AND sent_at <= $3::timestamptz
        AND sent_at > $3::timestamptz - ${TURN_WINDOW}
      ORDER BY sent_at DESC, created_at DESC, id DESC LIMIT ${RECENT_MESSAGES}`,
    [companyId, customerId, head.sent_at],
  );
  const newestFirst = recent.rows;
  const turn: TurnContext['turn'] = [];
  let after = head.sent_at;
  for (const row of newestFirst) {
    if (row.direction === 'outbound' || turn.length === TURN_MESSAGES) break;
    if (Date.parse(after) - Date.parse(row.sent_at) > TURN_GAP_MS) break;
    after = row.sent_at;
    if (row.body) turn.unshift({ id: row.id, body: row.body });
  }

  // The open tasks and the training only go into a prompt; the offline rules do without them.
  const [tasks, deals, stages, services, pending, training] = await Promise.all([
    forPrompt
      ? q.query<{ id: string; title: string; due_at: Timestamp }>(
          `SELECT id, title, due_at FROM tasks WHERE company_id = $1 AND customer_id = $2 AND status = 'pending'
            ORDER BY due_at LIMIT 10`,
          [companyId, customerId],
        )
      : { rows: [] },
    q.query<{
      id: string;
      title: string;
      stage_id: string;
      stage_name: string;
      value_cents: string | number;
    }>(
      `SELECT d.id, d.title, d.stage_id, s.name AS stage_name, d.value_cents FROM deals d
         JOIN deal_stages s ON s.company_id = d.company_id AND s.id = d.stage_id
        WHERE d.company_id = $1 AND d.customer_id = $2 AND d.status = 'open'
        ORDER BY d.updated_at DESC LIMIT 5`,
      [companyId, customerId],
    ),
    q.query<{ id: string; name: string; position: number; kind: 'open' | 'won' | 'lost' }>(
      'SELECT id, name, position, kind FROM deal_stages WHERE company_id = $1 ORDER BY position',
      [companyId],
    ),
    q.query<{ id: string; name: string; price_cents: number }>(
      'SELECT id, name, price_cents FROM services WHERE company_id = $1 AND active ORDER BY name LIMIT 50',
      [companyId],
    ),
    q.query<{ kind: string; deal_id: string | null; to_stage_id: string | null }>(
      `SELECT kind, deal_id, to_stage_id FROM ai_suggestions
        WHERE company_id = $1 AND customer_id = $2 AND status = 'pending'`,
      [companyId, customerId],
    ),
    forPrompt ? loadCurrentTraining(q, companyId) : EMPTY_AI_TRAINING,
  ]);

  return {
    companyId,
    customer: { id: customerId, name: head.name },
    turn,
    lastMessageId: head.id,
    recent: newestFirst
      .reverse()
      .map((row) => ({ direction: row.direction, body: row.body, sentAt: row.sent_at })),
    openTasks: tasks.rows.map((row) => ({ id: row.id, title: row.title, dueAt: row.due_at })),
    openDeals: deals.rows.map((row) => ({
      id: row.id,
      title: row.title,
      stageId: row.stage_id,
      stageName: row.stage_name,
      valueCents: Number(row.value_cents),
    })),
    stages: stages.rows,
    services: services.rows.map((row) => ({ id: row.id, name: row.name, priceCents: row.price_cents })),
    training,
    clock: { weekday: head.weekday, hour: head.hour, minute: head.minute },
    timezone: head.timezone,
    pending: pending.rows.map((row) => ({ kind: row.kind, dealId: row.deal_id, toStageId: row.to_stage_id })),
  };
}
