/**
 * Calendar dates as the API writes them (YYYY-MM-DD, no time zone): read and shown as they are,
 * never through Date parsing, which would take them for UTC midnight and show the day before in Brazil.
 */

/** "2030-02-15" → "15/02/2030"; anything else as it came. */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function todayCalendarDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY_MS = 86_400_000;

/** "Nesta etapa há 12 dias" ("há 1 dia", "desde hoje"): how long the deal has been in its stage. */
export function daysInStageText(enteredAt: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(enteredAt).getTime()) / DAY_MS);
  if (!Number.isFinite(days) || days <= 0) return 'Nesta etapa desde hoje';
  return days === 1 ? 'Nesta etapa há 1 dia' : `Nesta etapa há ${days} dias`;
}
