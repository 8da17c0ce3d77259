import {
  disconnectedWhatsapp,
  type WhatsappConnectionMode,
  type WhatsappConnectionState,
  type WhatsappConnectionStatus,
} from '../../../contracts/whatsapp-status';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

/** A live connection row (any status but disconnected), as the connection module reads it. */
export interface LiveConnectionRow {
  id: string;
  company_id: string;
  mode: WhatsappConnectionMode;
  status: Exclude<WhatsappConnectionStatus, 'disconnected'>;
  waba_id: string | null;
  phone_number_id: string | null;
  display_phone_number: string | null;
  verified_name: string | null;
  access_token_encrypted: string | null;
  problem_code: string | null;
  problem_detail: string | null;
  history_progress: number | null;
  connected_at: Timestamp | null;
}

/** The company's live connection row, if any (at most one: whatsapp_connections_company_live_idx). */
export async function liveConnectionRow(q: Queryable, companyId: string): Promise<LiveConnectionRow | null> {
  const { rows } = await q.query<LiveConnectionRow & Record<string, unknown>>(
    `SELECT id, company_id, mode, status, waba_id, phone_number_id, display_phone_number, verified_name,
            access_token_encrypted, problem_code, problem_detail, history_progress, connected_at
       FROM whatsapp_connections WHERE company_id = $1 AND status <> 'disconnected'`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** The row as the status contract shows it. */
export function connectionState(row: LiveConnectionRow | null): WhatsappConnectionState {
  if (!row) return disconnectedWhatsapp;
  return {
    status: row.status,
    mode: row.mode,
    phoneNumber: row.display_phone_number,
    displayName: row.verified_name,
    connectedAt: row.connected_at,
    problem: row.problem_code ? { code: row.problem_code, detail: row.problem_detail ?? '' } : null,
    historyProgress: row.history_progress,
  };
}

/**
 * The company's WhatsApp Business connection: the one answer to "does this company have a
 * connection?" that GET /api/whatsapp-connections/status and the follow-ups' "aguardando conexão"
 * both read.
 */
export async function companyWhatsappConnection(
  q: Queryable,
  companyId: string,
): Promise<WhatsappConnectionState> {
  return connectionState(await liveConnectionRow(q, companyId));
}

/** Whether messages can go out through this connection now. */
export function canSendOnWhatsapp(connection: WhatsappConnectionState): boolean {
  return connection.status === 'connected';
}
