import type { FollowUpMessage } from '../../../contracts/tasks';
import { formatDateTime } from '../../lib/format/date';

/** The words for a follow-up that cannot go out until WhatsApp is connected. */
export const AWAITING_CONNECTION_TEXT = 'aguardando conexão';

/**
 * Where a follow-up message stands, in pt-BR: "aguardando conexão" while no WhatsApp connection
 * can send it, "Agendada para …", "Enviada em …", "Falhou: …", "Cancelada".
 */
export function followUpStatusText(followUp: FollowUpMessage): string {
  switch (followUp.status) {
    case 'sent':
      return `Enviada em ${formatDateTime(followUp.sentAt ?? followUp.scheduledFor)}`;
    case 'failed':
      return `Falhou: ${followUp.lastError ?? 'motivo não informado'}`;
    case 'cancelled':
      return 'Cancelada';
    default:
      if (followUp.awaitingConnection) return AWAITING_CONNECTION_TEXT;
      // Its time came while nothing could send it; a connection exists now, so it goes out next.
      if (followUp.status === 'waiting_connection') return 'Na fila para envio';
      return `Agendada para ${formatDateTime(followUp.scheduledFor)}`;
  }
}

/** The badge's colour: done (success), held back or gone wrong (danger), or neutral (null). */
export function followUpTone(followUp: FollowUpMessage): 'success' | 'danger' | null {
  if (followUp.status === 'sent') return 'success';
  if (followUp.status === 'failed') return 'danger';
  if (followUp.status === 'cancelled') return null;
  return followUp.awaitingConnection ? 'danger' : null;
}

/** Held back by a missing WhatsApp connection: the card offers to connect one. */
export function isAwaitingConnection(followUp: FollowUpMessage): boolean {
  return followUpStatusText(followUp) === AWAITING_CONNECTION_TEXT;
}
