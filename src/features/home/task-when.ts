import { formatDayMonth, formatTime } from '../../lib/format/date';

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** When a task is due, as short as the list allows: "14:00" today, "13/01 · 09:00" another day. */
export function taskWhen(dueAt: string, now: Date = new Date()): string {
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return '';
  return sameLocalDay(due, now) ? formatTime(due) : `${formatDayMonth(due)} · ${formatTime(due)}`;
}
