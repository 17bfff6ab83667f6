import type { Kysely } from 'kysely';
import { addDays, atLocalTime, dayIn, startOfDayIn, timeIn } from '../../shared/common/time.js';
import type { DB } from '../db/schema.js';
import { getSetting } from './settings.js';

/**
 * The business clock: days, years and local hours in the company's time zone (Settings → Company), the one zone the
 * server reads business time in. Moments stay UTC in the database; only the reading of them as days uses the zone.
 */
export type BusinessClock = {
  timeZone: string;
  /** Today, as YYYY-MM-DD. */
  today: string;
  /** This year. */
  year: number;
  /** The calendar day of a moment. */
  dayOf: (at: Date) => string;
  /** The local time of a moment, as HH:MM. */
  timeOf: (at: Date) => string;
  /** The first moment of a day. */
  startOf: (day: string) => Date;
  /** The moment the clock shows `hour`:`minute` on `day` ("9 am local"). */
  at: (day: string, hour: number, minute?: number) => Date;
};

export function clockIn(timeZone: string, now: Date = new Date()): BusinessClock {
  const today = dayAt(timeZone, now);
  return {
    timeZone,
    today,
    year: Number(today.slice(0, 4)),
    dayOf: (at) => dayIn(timeZone, at),
    timeOf: (at) => timeIn(timeZone, at),
    startOf: (day) => startOfDayIn(day, timeZone),
    at: (day, hour, minute = 0) => atLocalTime(day, timeZone, hour, minute),
  };
}

/** Each zone's latest day, from its first moment to the next day's, in milliseconds since 1970. */
const days = new Map<string, { day: string; from: number; to: number }>();

/**
 * The day it is in `timeZone` at `at`. Nearly every request reads today, so each zone's day is kept with the moments
 * it begins and ends: a clock then costs a fraction of working the day and year out from the zone's rules.
 */
function dayAt(timeZone: string, at: Date): string {
  const time = at.getTime();
  const kept = days.get(timeZone);
  if (kept && time >= kept.from && time < kept.to) return kept.day;
  const day = dayIn(timeZone, at);
  const from = startOfDayIn(day, timeZone).getTime();
  const to = startOfDayIn(addDays(day, 1), timeZone).getTime();
  if (time >= from && time < to) days.set(timeZone, { day, from, to });
  return day;
}

/** The company's time zone, as saved in Settings → Company (America/Chicago until saved). */
export async function companyTimeZone(db: Kysely<DB>): Promise<string> {
  return (await getSetting(db, 'company')).time_zone;
}

/** The business clock at `now`, in the company's time zone. */
export async function businessClock(db: Kysely<DB>, now: Date = new Date()): Promise<BusinessClock> {
  return clockIn(await companyTimeZone(db), now);
}
