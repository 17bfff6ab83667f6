import { describe, expect, it } from 'vitest';
import { quietUntil, timeZoneOf } from '../../src/server/modules/consent/quiet-hours.js';

describe("a customer's time zone", () => {
  it.each([
    ['Austin, TX', 'America/Chicago'],
    ['Phoenix, AZ', 'America/Phoenix'],
    ['Los Angeles, CA', 'America/Los_Angeles'],
    ['Miami FL', 'America/New_York'],
    ['Honolulu, HI', 'Pacific/Honolulu'],
    ['Springfield, IL', 'America/Chicago'],
  ])('%s is in %s', async (location, zone) => {
    expect(await timeZoneOf(location, 'UTC')).toBe(zone);
  });

  it.each([[null], [''], ['Springfield'], ['Nowhere at all']])(
    "is the brokerage's when %j names no one place",
    async (location) => {
      expect(await timeZoneOf(location, 'America/Denver')).toBe('America/Denver');
    },
  );
});

describe('quiet hours: 8 am to 9 pm where the customer is', () => {
  // 17:30 UTC on 24 November 2026: 12:30 pm in Chicago, 9:30 am in Los Angeles, 7:30 am in Honolulu.
  const noonInChicago = new Date('2026-11-24T17:30:00Z');

  it('lets a text go inside the hours', () => {
    expect(quietUntil(noonInChicago, 'America/Chicago')).toBeNull();
    expect(quietUntil(noonInChicago, 'America/Los_Angeles')).toBeNull();
  });

  it('holds a text for a customer three time zones away until 8 am their time', () => {
    // Sent at 8:30 pm in Los Angeles it is 11:30 pm in New York, three zones east: held until 8 am there.
    const evening = new Date('2026-11-25T04:30:00Z');
    expect(quietUntil(evening, 'America/Los_Angeles')).toBeNull();
    expect(quietUntil(evening, 'America/New_York')?.toISOString()).toBe('2026-11-25T13:00:00.000Z');
    // At noon in Chicago it is 7:30 am in Honolulu: held half an hour.
    expect(quietUntil(noonInChicago, 'Pacific/Honolulu')?.toISOString()).toBe('2026-11-24T18:00:00.000Z');
  });

  it('opens at 8:00 and closes at 21:00 sharp', () => {
    expect(quietUntil(new Date('2026-11-24T14:00:00Z'), 'America/Chicago')).toBeNull();
    expect(quietUntil(new Date('2026-11-24T13:59:59Z'), 'America/Chicago')?.toISOString()).toBe('2026-11-24T14:00:00.000Z');
    expect(quietUntil(new Date('2026-11-25T02:59:59Z'), 'America/Chicago')).toBeNull();
    expect(quietUntil(new Date('2026-11-25T03:00:00Z'), 'America/Chicago')?.toISOString()).toBe('2026-11-25T14:00:00.000Z');
  });

  it('follows daylight saving: 8 am the morning after the clocks change', () => {
    // 1 November 2026, 1 am CDT becomes CST; the text written at 10 pm CDT on 31 October leaves at 8 am CST.
    expect(quietUntil(new Date('2026-11-01T03:00:00Z'), 'America/Chicago')?.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // At the end of a month the next morning is the 1st.
    expect(quietUntil(new Date('2026-12-01T04:00:00Z'), 'America/Chicago')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });
});
