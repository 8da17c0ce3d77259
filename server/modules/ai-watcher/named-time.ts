import { searchText } from '../../../contracts/search-text';

/** A moment in the company's time zone, counted from today's local midnight. */
export interface LocalTime {
  days: number;
  hour: number;
  minute: number;
}

/** The company's clock now, local: the weekday (0 Sunday … 6 Saturday), hour and minute. */
export interface LocalClock {
  weekday: number;
  hour: number;
  minute: number;
}

const WEEKDAYS: [RegExp, number][] = [
  [/\bdomingo\b/, 0],
  [/\bsegunda\b/, 1],
  [/\bterca\b/, 2],
  [/\bquarta\b/, 3],
  [/\bquinta\b/, 4],
  [/\bsexta\b/, 5],
  [/\bsabado\b/, 6],
];

/** "às 10h", "10:30", "14h30", "as 9 horas", "às 15". */
const CLOCK =
  /\b(?:(\d{1,2})\s*(?:horas?\b|h(?![a-z])|:(?=\d{2}))\s*(\d{2})?(?!\d)|(?:as|pelas|depois das|ate as)\s+(\d{1,2})(?![\d/]|\s*[a-z]))/;

const PERIODS: [RegExp, number][] = [
  [/\b(de|pela|na|a) manha\b/, 9],
  [/\b(de|pela|na|a) tarde\b/, 14],
  [/\b(de|pela|na|a) noite\b/, 19],
];

/** When a day is named but no time: the start of a working morning. */
const DAY_ONLY_HOUR = 10;

/**
 * The time a customer names in pt-BR ("amanhã às 10h", "sexta de manhã", "hoje às 15h30", "às 14h"),
 * as a local moment; null when they name none. A time alone is today's when still ahead, else
 * tomorrow's; a weekday alone is its next occurrence (a week on for today's weekday).
 */
export function namedTime(message: string, now: LocalClock): LocalTime | null {
  const text = searchText(message);
  let days: number | null = null;
  if (/\bdepois de amanha\b/.test(text)) days = 2;
  else if (/\bamanha\b/.test(text)) days = 1;
  else if (/\bhoje\b/.test(text)) days = 0;
  else {
    for (const [pattern, weekday] of WEEKDAYS) {
      if (pattern.test(text)) {
        days = (weekday - now.weekday + 7) % 7 || 7;
        break;
      }
    }
  }

  let hour: number | null = null;
  let minute = 0;
  const clock = CLOCK.exec(text);
  if (clock) {
    const h = Number(clock[1] ?? clock[3]);
    const m = Number(clock[2] ?? 0);
    if (h <= 23 && m <= 59) {
      hour = h;
      minute = m;
    }
  }
  if (hour === null) {
    for (const [pattern, at] of PERIODS) {
      if (pattern.test(text)) {
        hour = at;
        break;
      }
    }
  }
  if (days === null && hour === null) return null;
  if (hour === null) return { days: days!, hour: DAY_ONLY_HOUR, minute: 0 };
  if (days === null) {
    const ahead = hour > now.hour || (hour === now.hour && minute > now.minute);
    days = ahead ? 0 : 1;
  }
  return { days, hour, minute };
}

/**
 * When to answer a customer who named no time: within the hour during the working day (8h–17h),
 * else the next morning at 9h.
 */
export function answerSoon(now: LocalClock): LocalTime {
  if (now.hour >= 8 && now.hour < 17) return { days: 0, hour: now.hour + 1, minute: 0 };
  return { days: now.hour < 8 ? 0 : 1, hour: 9, minute: 0 };
}

/** How a local moment reads in a reason: "amanhã às 10h", "hoje às 15h30", "em 3 dias às 9h". */
export function spokenTime(at: LocalTime): string {
  const day =
    at.days === 0
      ? 'hoje'
      : at.days === 1
        ? 'amanhã'
        : at.days === 2
          ? 'depois de amanhã'
          : `em ${at.days} dias`;
  return `${day} às ${at.hour}h${at.minute ? String(at.minute).padStart(2, '0') : ''}`;
}
