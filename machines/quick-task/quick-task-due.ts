/**
 * When a quick-add task is due, in the person's own clock: "Hoje" / "Amanhã" / a chosen date, at
 * a time of day. Pure functions of the draft and the clock, so the chart and its paths agree.
 */

export type QuickTaskDay = 'today' | 'tomorrow' | 'pick';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-mm-dd of a local day (what a date input holds). */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The next full hour today ("14:00" at 13:20); late in the evening, the day's last minute. */
export function defaultTime(now: number): string {
  const at = new Date(now);
  const next = at.getHours() + 1;
  return next > 23 ? '23:59' : `${pad(next)}:00`;
}

export function isTime(value: string): boolean {
  return /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value);
}

export function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(y, m - 1, d);
  return at.getFullYear() === y && at.getMonth() === m - 1 && at.getDate() === d;
}

/** The local day the draft means (yyyy-mm-dd), or null when a date still has to be chosen. */
export function dueDay(day: QuickTaskDay, picked: string, now: number): string | null {
  const today = new Date(now);
  if (day === 'today') return localDate(today);
  if (day === 'tomorrow') {
    return localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
  }
  return isDate(picked) ? picked : null;
}

/** That day at that local time, as an ISO 8601 instant (what the API takes). */
export function dueAtIso(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm).toISOString();
}
