import { describe, expect, it } from 'vitest';
import { addDays, atLocalTime, dayIn, monthStart, startOfDayIn, timeIn, yearIn } from '../../src/shared/common/time.js';
import { newDealValues } from '../../src/shared/deals/form.js';
import { answerDue } from '../../src/server/modules/tasks/rules.js';
import { clockIn } from '../../src/server/platform/time.js';

const la = 'America/Los_Angeles';
const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;

describe('business days in the company\u2019s time zone', () => {
  it('reads 23:30 in California as that day, though it is the next day in UTC', () => {
    const late = new Date('2025-06-11T06:30:00Z'); // 23:30 PDT on 10 June
    expect(dayIn(la, late)).toBe('2025-06-10');
    expect(dayIn('UTC', late)).toBe('2025-06-11');
    expect(atLocalTime('2025-06-10', la, 23, 30)).toEqual(late);
  });

  it('turns the year at local midnight', () => {
    const newYearsEve = new Date('2026-01-01T07:30:00Z'); // 23:30 PST on 31 December
    expect(yearIn(la, newYearsEve)).toBe(2025);
    expect(yearIn('UTC', newYearsEve)).toBe(2026);
  });

  it('begins each day at local midnight across the change to summer time (a 23-hour day)', () => {
    expect(startOfDayIn('2025-03-09', la)).toEqual(new Date('2025-03-09T08:00:00Z'));
    expect(startOfDayIn('2025-03-10', la)).toEqual(new Date('2025-03-10T07:00:00Z'));
    expect(hours(startOfDayIn('2025-03-09', la), startOfDayIn('2025-03-10', la))).toBe(23);
    // 23:30 on the short day is still that day; half an hour later is the next.
    const late = atLocalTime('2025-03-09', la, 23, 30);
    expect(late).toEqual(new Date('2025-03-10T06:30:00Z'));
    expect(dayIn(la, late)).toBe('2025-03-09');
    expect(dayIn(la, new Date(late.getTime() + 30 * 60_000))).toBe('2025-03-10');
  });

  it('begins each day at local midnight across the change back (a 25-hour day)', () => {
    expect(hours(startOfDayIn('2025-11-02', la), startOfDayIn('2025-11-03', la))).toBe(25);
    expect(dayIn(la, atLocalTime('2025-11-02', la, 23, 30))).toBe('2025-11-02');
  });

  it('keeps "9 am local" at 9 am on either side of a change of clocks', () => {
    expect(atLocalTime('2025-03-08', la, 9)).toEqual(new Date('2025-03-08T17:00:00Z'));
    expect(atLocalTime('2025-03-10', la, 9)).toEqual(new Date('2025-03-10T16:00:00Z'));
    // 2:30 am does not exist on the day clocks go forward: it is read as the hour after.
    expect(dayIn(la, atLocalTime('2025-03-09', la, 2, 30))).toBe('2025-03-09');
    expect(atLocalTime('2025-03-09', la, 2, 30)).toEqual(new Date('2025-03-09T10:30:00Z'));
  });

  it('steps calendar days and months the same in every zone', () => {
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(monthStart('2025-03-31')).toBe('2025-03-01');
    expect(monthStart('2025-01-15', -1)).toBe('2024-12-01');
    expect(monthStart('2025-12-15', 1)).toBe('2026-01-01');
  });

  it('gives the server one clock in the company\u2019s zone', () => {
    const clock = clockIn(la, new Date('2025-03-10T06:30:00Z'));
    expect(clock).toMatchObject({ timeZone: la, today: '2025-03-09', year: 2025 });
    expect(clock.startOf('2025-03-10')).toEqual(new Date('2025-03-10T07:00:00Z'));
    expect(clock.at('2025-03-10', 9)).toEqual(new Date('2025-03-10T16:00:00Z'));
  });

  it('turns its kept day at local midnight, across changes of clocks and in whatever order moments are asked', () => {
    const at = (iso: string) => clockIn(la, new Date(iso));
    const moments = [
      ['2025-03-09T07:59:59.999Z', '2025-03-08'],
      ['2025-03-09T08:00:00.000Z', '2025-03-09'],
      ['2025-03-10T06:59:59.999Z', '2025-03-09'], // the 23-hour day's last moment
      ['2025-03-10T07:00:00.000Z', '2025-03-10'],
      ['2025-11-03T07:59:59.999Z', '2025-11-02'], // the 25-hour day's last moment
      ['2025-11-03T08:00:00.000Z', '2025-11-03'],
      ['2025-12-31T23:00:00.000Z', '2025-12-31'],
      ['2026-01-01T08:00:00.000Z', '2026-01-01'],
      ['2025-03-09T12:00:00.000Z', '2025-03-09'], // back in time after the kept day moved on
    ] as const;
    for (const [moment, day] of [...moments, ...moments.toReversed()]) {
      expect(at(moment)).toMatchObject({ today: day, year: Number(day.slice(0, 4)) });
      expect(clockIn('Asia/Kolkata', new Date(moment)).today).toBe(dayIn('Asia/Kolkata', new Date(moment)));
    }
  });
});

describe('a lead’s answer time in the company’s zone', () => {
  it('reads a moment’s local time, not UTC’s', () => {
    expect(timeIn(la, new Date('2025-06-11T06:30:45Z'))).toBe('23:30');
    expect(timeIn('Asia/Kolkata', new Date('2025-06-11T06:30:45Z'))).toBe('12:00');
  });

  it('is due on the next day for a lead at 23:55, fifteen minutes on', () => {
    const clock = clockIn('Asia/Kolkata');
    expect(answerDue(clock, atLocalTime('2025-06-10', 'Asia/Kolkata', 23, 55), 15)).toEqual({
      date: '2025-06-11',
      time: '00:10',
    });
  });

  it('counts real minutes across both changes of clocks', () => {
    const clock = clockIn(la);
    // 01:55 PST on the day clocks go forward: fifteen minutes later it is 03:10 PDT.
    expect(answerDue(clock, new Date('2025-03-09T09:55:00Z'), 15)).toEqual({ date: '2025-03-09', time: '03:10' });
    // 01:55 PDT on the day clocks go back: fifteen minutes later it is 01:10 PST.
    expect(answerDue(clock, new Date('2025-11-02T08:55:00Z'), 15)).toEqual({ date: '2025-11-02', time: '01:10' });
    // A whole day's answer time on the 23-hour day lands an hour later on the clock.
    expect(answerDue(clock, atLocalTime('2025-03-09', la, 0, 30), 1440)).toEqual({ date: '2025-03-10', time: '01:30' });
  });
});

describe('the new-deal form', () => {
  it('is dated today in the company\u2019s time zone, not in UTC, after 4 pm in California', () => {
    const user = { id: 'u', name: 'Agent' };
    const afterFour = new Date('2025-12-31T00:30:00Z'); // 16:30 PST on 30 December
    expect(newDealValues(user, la, afterFour)).toMatchObject({ date: '2025-12-30', year: 2025 });
    expect(newDealValues(user, 'Asia/Tokyo', afterFour)).toMatchObject({ date: '2025-12-31', year: 2025 });
  });
});
