import { TZDate } from '@date-fns/tz';

/*
 * Business time is the company's time zone (Settings → Company): "today", day boundaries and local hours are read
 * there on both sides; the database keeps moments in UTC. Calendar days are 'YYYY-MM-DD' text, as forms and the API
 * carry them.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day it is in `timeZone` at `at`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The local time of day it is in `timeZone` at `at`, as HH:MM (24-hour; the seconds dropped). */
export function timeIn(timeZone: string, at: Date = new Date()): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** The year it is in `timeZone` at `at`. */
export const yearIn = (timeZone: string, at: Date = new Date()) => new TZDate(at.getTime(), timeZone).getFullYear();

const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * The moment the clock in `timeZone` shows `hour`:`minute` on `day` ("9 am local"). An hour a change to summer time
 * skips is read as the hour after it.
 */
export function atLocalTime(day: string, timeZone: string, hour: number, minute = 0): Date {
  const [year, month, date] = partsOf(day);
  return new Date(new TZDate(year, month - 1, date, hour, minute, 0, timeZone).getTime());
}

/** The first moment of `day` in `timeZone`: the lower bound of "added on that day", inclusive. */
export const startOfDayIn = (day: string, timeZone: string) => atLocalTime(day, timeZone, 0);

/** The calendar day `days` after `day` (before, when negative); a plain calendar step, the same in every zone. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The first day of `day`'s month, `offsetMonths` months later (earlier, when negative). */
export function monthStart(day: string, offsetMonths = 0): string {
  const [year, month] = partsOf(day);
  return new Date(Date.UTC(year, month - 1 + offsetMonths, 1)).toISOString().slice(0, 10);
}
