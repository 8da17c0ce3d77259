import type { ConversationMessage } from '../../../../contracts/conversation';

const longDay = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long' });
const longDayWithYear = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' });

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** A day separator's words, in the browser's time zone: "Hoje", "Ontem", "3 de novembro", "3 de novembro de 2025". */
export function dayLabel(date: Date, now: Date = new Date()): string {
  if (dayKey(date) === dayKey(now)) return 'Hoje';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return 'Ontem';
  return date.getFullYear() === now.getFullYear() ? longDay.format(date) : longDayWithYear.format(date);
}

export interface ConversationDay {
  key: string;
  label: string;
  /** Oldest first, as a chat reads. */
  messages: ConversationMessage[];
}

/** The pages (newest first) as a chat shows them: days oldest first, each day's messages oldest first. */
export function conversationDays(
  newestFirst: readonly ConversationMessage[],
  now: Date = new Date(),
): ConversationDay[] {
  const days: ConversationDay[] = [];
  for (const message of [...newestFirst].reverse()) {
    const sent = new Date(message.sentAt);
    const key = dayKey(sent);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(sent, now), messages: [message] });
  }
  return days;
}
