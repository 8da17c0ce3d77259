/** Unix seconds now, as Stripe's timestamps are. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * One billing interval after `start` (unix seconds), on the same day of the month when it exists and
 * on the month's last day otherwise (31 Jan + 1 month = 28/29 Feb), in UTC.
 */
export function addInterval(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  const months = interval === 'year' ? 12 : 1;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const end = Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(end / 1000);
}
