import { TZDate } from '@date-fns/tz';
import { addDays, atLocalTime, dayIn } from '../../../shared/common/time.js';
import { importCommonJs, onFirstUse } from '../../first-use.js';

/** Marketing texts leave between 8 am and 9 pm in the customer's time zone; outside, they wait for 8 am. */
export const QUIET_HOURS = { opens: 8, closes: 21 } as const;

/** The world's cities, read on first use (loading the table slowed every start). */
const loadCities = onFirstUse(() => importCommonJs(() => import('city-timezones')));

/**
 * A customer's time zone from their location ('Austin, TX', 'Phoenix AZ', 'Paris'): the zone of the city the location
 * names, when every city of that name agrees on one; otherwise `fallback` (the brokerage's).
 */
export async function timeZoneOf(location: string | null, fallback: string): Promise<string> {
  const query = location?.replace(/[,;]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!query) return fallback;
  const cities = await loadCities();
  const zones = new Set(cities.findFromCityStateProvince(query).map((city) => city.timezone));
  const [only] = zones;
  return zones.size === 1 && only ? only : fallback;
}

/** When a marketing text may leave: null when `now` is inside the hours in `timeZone`, else the next 8 am there. */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const hour = new TZDate(now.getTime(), timeZone).getHours();
  if (hour >= QUIET_HOURS.opens && hour < QUIET_HOURS.closes) return null;
  const today = dayIn(timeZone, now);
  return atLocalTime(hour < QUIET_HOURS.opens ? today : addDays(today, 1), timeZone, QUIET_HOURS.opens);
}
