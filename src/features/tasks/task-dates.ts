import { formatDate, formatDayMonth, formatTime } from '../../lib/format/date';

const DAY_MS = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Calendar days from `now` to `date`, in the browser's time zone (tomorrow is 1, yesterday −1). */
function daysBetween(now: Date, date: Date): number {
  // Rounded: a day across a daylight-saving change lasts 23 or 25 hours.
  return Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
}

/**
 * When a task is due, the way people say it: "Hoje às 14:00", "Amanhã às 09:30", "Ontem às
 * 18:00", else "15/03 às 14:00" (this year) or "15/03/2031 às 14:00".
 */
export function formatDue(iso: string, now: Date = new Date()): string {
  const due = new Date(iso);
  if (Number.isNaN(due.getTime())) return '';
  const at = formatTime(due);
  const days = daysBetween(now, due);
  if (days === 0) return `Hoje às ${at}`;
  if (days === 1) return `Amanhã às ${at}`;
  if (days === -1) return `Ontem às ${at}`;
  const day = due.getFullYear() === now.getFullYear() ? formatDayMonth(due) : formatDate(iso);
  return `${day} às ${at}`;
}
