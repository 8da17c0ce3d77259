import { disconnectedWhatsapp, type WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import type { Queryable } from '../../db/types';

/**
 * The company's WhatsApp Business connection: the one answer to "does this company have a
 * connection?" that GET /api/whatsapp-connections/status and the follow-ups' "aguardando conexão"
 * both read. Connections arrive with the WhatsApp issue, which changes only this function; until
 * then no company has one.
 */
export async function companyWhatsappConnection(
  _q: Queryable,
  _companyId: string,
): Promise<WhatsappConnectionState> {
  return disconnectedWhatsapp;
}

/** Whether messages can go out through this connection now. */
export function canSendOnWhatsapp(connection: WhatsappConnectionState): boolean {
  return connection.status === 'connected';
}
