import { realtimeEvent } from '../../../contracts/realtime';
import type { WhatsappConnectionStatus } from '../../../contracts/whatsapp-status';
import type { Queryable } from '../../db/types';
import { type EventBus, publishEvent } from '../../realtime/event-bus';

/** What changes to a connection need from the event bus. */
export type RealtimePublisher = Pick<EventBus, 'publish'>;

/** For work beside the app (the webhook processor): publishes through the transaction alone. */
export const publishThroughTransaction: RealtimePublisher = {
  publish(companyId, event, via) {
    if (!via) throw new Error('publishThroughTransaction needs the transaction to publish through');
    return publishEvent(via, companyId, event);
  },
};

/** Tells the company's open tabs, when (and only if) `tx` commits. */
export function publishConnectionChanged(
  bus: RealtimePublisher,
  tx: Queryable,
  companyId: string,
  connectionId: string,
  status: WhatsappConnectionStatus,
): Promise<void> {
  return bus.publish(companyId, realtimeEvent('whatsapp.connection.changed', { connectionId, status }), tx);
}

interface Changed {
  id: string;
  company_id: string;
  [column: string]: unknown;
}

const PROBLEMS = {
  offboarded: {
    code: 'ACCOUNT_OFFBOARDED',
    detail:
      'Este número saiu da API do WhatsApp (o telefone mudou ou o app foi reinstalado). Conecte o WhatsApp de novo para voltar a receber e enviar mensagens.',
  },
  needs_reconnect: {
    code: '190',
    detail:
      'A Meta não aceita mais a autorização do Fechaí para este número. Conecte o WhatsApp de novo para voltar a enviar mensagens.',
  },
} as const;

async function markLive(
  tx: Queryable,
  bus: RealtimePublisher,
  phoneNumberId: string,
  status: 'offboarded' | 'needs_reconnect',
): Promise<{ companyId: string; connectionId: string } | null> {
  const problem = PROBLEMS[status];
  const { rows } = await tx.query<Changed>(
    `UPDATE whatsapp_connections
        SET status = $2, problem_code = $3, problem_detail = $4, updated_at = now()
      WHERE phone_number_id = $1 AND status NOT IN ('disconnected', $2)
      RETURNING id, company_id`,
    [phoneNumberId, status, problem.code, problem.detail],
  );
  const row = rows[0];
  if (!row) return null;
  await publishConnectionChanged(bus, tx, row.company_id, row.id, status);
  return { companyId: row.company_id, connectionId: row.id };
}

/**
 * Meta's ACCOUNT_OFFBOARDED for this number: its live connection becomes `offboarded` (the pages
 * show how to reconnect) and sends stop. Null when no live connection has that number (or it was
 * already offboarded).
 */
export function markConnectionOffboarded(tx: Queryable, bus: RealtimePublisher, phoneNumberId: string) {
  return markLive(tx, bus, phoneNumberId, 'offboarded');
}

/** Meta refused the business token (190): sends stop until the owner connects again. */
export function markConnectionNeedsReconnect(tx: Queryable, bus: RealtimePublisher, phoneNumberId: string) {
  return markLive(tx, bus, phoneNumberId, 'needs_reconnect');
}

/**
 * Coexistence history sync: how far it got (0–100). Chunks arrive in any order, so progress only
 * moves forward. Returns whether it moved.
 */
export async function updateHistoryProgress(
  tx: Queryable,
  bus: RealtimePublisher,
  phoneNumberId: string,
  progress: number,
): Promise<boolean> {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const { rows } = await tx.query<Changed & { status: WhatsappConnectionStatus }>(
    `UPDATE whatsapp_connections SET history_progress = $2, updated_at = now()
      WHERE phone_number_id = $1 AND status <> 'disconnected'
        AND (history_progress IS NULL OR history_progress < $2)
      RETURNING id, company_id, status`,
    [phoneNumberId, value],
  );
  const row = rows[0];
  if (!row) return false;
  await publishConnectionChanged(bus, tx, row.company_id, row.id, row.status);
  return true;
}
