import type { ActivityEvent } from '../../../contracts/activity';
import { formatDayMonth, formatTime } from '../format/date';

/** "12/11 às 10:00", in the browser's time zone. */
export function activityWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${formatDayMonth(date)} às ${formatTime(date)}`;
}

const by = (event: ActivityEvent) => (event.actor ? ` por ${event.actor.name}` : '');
const assigned = (event: ActivityEvent) =>
  event.details.assignee ? `Atribuída a ${event.details.assignee}` : 'Deixada sem responsável';

/**
 * One line of who did what, in pt-BR: "Criada por Ana", "Movida para Proposta por Ana". With
 * `named`, the line says which task or deal it is about (the customer's timeline mixes them).
 */
export function activityText(event: ActivityEvent, { named = false }: { named?: boolean } = {}): string {
  const title = event.details.title;
  const task = named && title ? `Tarefa “${title}”: ` : '';
  const deal = named && title ? `Venda “${title}”: ` : '';
  switch (event.action) {
    case 'task.created':
      return `${task}Criada${by(event)}`;
    case 'task.completed':
      return `${task}Concluída${by(event)}`;
    case 'task.reopened':
      return `${task}Reaberta${by(event)}`;
    case 'task.deleted':
      return `${task}Excluída${by(event)}`;
    case 'task.assigned':
      return `${task}${assigned(event)}${by(event)}`;
    case 'deal.created':
      return `${deal}Criada${by(event)}`;
    case 'deal.moved':
    case 'deal.won':
    case 'deal.lost':
      return `${deal}Movida para ${event.details.toStage ?? 'outra etapa'}${by(event)}`;
    case 'deal.deleted':
      return `${deal}Excluída${by(event)}`;
    case 'deal.assigned':
      return `${deal}${assigned(event)}${by(event)}`;
    case 'message.sent':
      return event.details.via === 'follow_up'
        ? `Follow-up enviado${event.actor ? `, escrito por ${event.actor.name}` : ''}`
        : `Mensagem enviada${by(event)}`;
  }
}
