import type { FollowUpMessage } from '../../../contracts/tasks';
import { formatDateTime } from '../format/date';

/** The words for a follow-up that cannot go out until WhatsApp is connected. */
export const AWAITING_CONNECTION_TEXT = 'aguardando conexão';

type StatusOf = Pick<FollowUpMessage, 'status' | 'awaitingConnection' | 'scheduledFor' | 'sentAt' | 'sentAs'>;

function statusWords(followUp: StatusOf): string {
  switch (followUp.status) {
    case 'paused':
      return 'Pausada';
    case 'sending':
      return 'Enviando…';
    case 'sent':
      return `Enviada em ${formatDateTime(followUp.sentAt ?? followUp.scheduledFor)}`;
    case 'delivered':
      return 'Entregue';
    case 'read':
      return 'Lida';
    case 'failed':
      return 'Falhou';
    case 'expired':
      return 'Expirada';
    case 'cancelled':
      return 'Cancelada';
    default:
      if (followUp.awaitingConnection) return AWAITING_CONNECTION_TEXT;
      // Its time came while nothing could send it; a connection exists now, so it goes out next.
      if (followUp.status === 'waiting_connection') return 'Na fila para envio';
      return `Agendada para ${formatDateTime(followUp.scheduledFor)}`;
  }
}

/**
 * Where a follow-up message stands, in pt-BR: "aguardando conexão" while no WhatsApp connection
 * can send it, "Agendada para …", "Pausada", "Enviando…", "Enviada em …", "Entregue", "Lida",
 * "Falhou", "Expirada", "Cancelada"; "como modelo" once it went out as the follow-up template.
 */
export function followUpStatusText(followUp: StatusOf): string {
  const words = statusWords(followUp);
  return followUp.sentAs === 'template' ? `${words} como modelo` : words;
}

export type FollowUpTone = 'success' | 'danger' | null;

/** The badge's colour: out (success), held back or gone wrong (danger), or neutral (null). */
export function followUpTone(followUp: StatusOf): FollowUpTone {
  switch (followUp.status) {
    case 'sent':
    case 'delivered':
    case 'read':
      return 'success';
    case 'failed':
    case 'expired':
    case 'paused':
      return 'danger';
    case 'cancelled':
    case 'sending':
      return null;
    default:
      return followUp.awaitingConnection ? 'danger' : null;
  }
}

/** Held back by a missing WhatsApp connection: the card offers to connect one. */
export function isAwaitingConnection(followUp: StatusOf): boolean {
  return statusWords(followUp) === AWAITING_CONNECTION_TEXT;
}
