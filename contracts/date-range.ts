import * as z from 'zod/mini';

/**
 * The days the API accepts in any date field, as the person wrote them (the date part of the text,
 * before any time or offset). Wide enough for any business date, old records included, and far
 * from where calendars break: every year has four digits (no 0000, no two-digit years read as 19xx
 * or 20xx), and a recurring task stops at the end instead of writing year 10000.
 */
export const FIRST_ACCEPTED_DAY = '1900-01-01';
export const LAST_ACCEPTED_DAY = '2099-12-31';

export const DATE_OUT_OF_RANGE_TEXT = 'Use uma data entre 01/01/1900 e 31/12/2099.';

const DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/** Whether the text's day (YYYY-MM-DD…) is within the range; text without one is left to the format check. */
export function isAcceptedDay(text: string): boolean {
  const day = DAY_PREFIX.exec(text)?.[0];
  return day === undefined || (day >= FIRST_ACCEPTED_DAY && day <= LAST_ACCEPTED_DAY);
}

const withinRange = z.refine<string>(isAcceptedDay, { error: DATE_OUT_OF_RANGE_TEXT });

/** A day, YYYY-MM-DD; `invalidText` when it is not one of the calendar. */
export function dayInput(invalidText: string) {
  return z.iso.date({ error: invalidText }).check(withinRange);
}

/** An instant as ISO 8601 with an offset (…Z or …-03:00); its day as written must be in the range. */
export function dateTimeInput(invalidText: string) {
  return z.iso.datetime({ offset: true, error: invalidText }).check(withinRange);
}
