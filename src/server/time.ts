import type { Kysely } from 'kysely';
import { atLocalTime, dayIn, startOfDayIn, timeIn, yearIn } from '../shared/common/time.js';
import type { DB } from './db/schema.js';
import { getSetting } from './modules/settings/service.js';

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
  return {
    timeZone,
    today: dayIn(timeZone, now),
    year: yearIn(timeZone, now),
    dayOf: (at) => dayIn(timeZone, at),
    timeOf: (at) => timeIn(timeZone, at),
    startOf: (day) => startOfDayIn(day, timeZone),
    at: (day, hour, minute = 0) => atLocalTime(day, timeZone, hour, minute),
  };
}

/** The company's time zone, as saved in Settings → Company (America/Chicago until saved). */
export async function companyTimeZone(db: Kysely<DB>): Promise<string> {
  return (await getSetting(db, 'company')).time_zone;
}

/** The business clock at `now`, in the company's time zone. */
export async function businessClock(db: Kysely<DB>, now: Date = new Date()): Promise<BusinessClock> {
  return clockIn(await companyTimeZone(db), now);
}
