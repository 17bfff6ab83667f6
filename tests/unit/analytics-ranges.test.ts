import { describe, expect, it } from 'vitest';
import { rangeBounds } from '../../src/shared/analytics/range-analytics.js';

/**
 * Each range of the Analytics page as its label says it, written out for one day (Sunday 15 March 2026): the range
 * ends today and takes that many days, and is compared with the same number of days just before it.
 */
describe('the ranges of the Analytics page', () => {
  const today = '2026-03-15';

  it.each([
    ['30d', 'Last 30 Days', '2026-02-14', '2026-01-15', '2026-02-13'],
    ['90d', 'Last 90 Days', '2025-12-16', '2025-09-17', '2025-12-15'],
    // Twelve months ending today: from the day after this day a year ago (365 days; 2024's February 29 falls before).
    ['12m', 'Last 12 Months', '2025-03-16', '2024-03-16', '2025-03-15'],
    // 74 days from 1 January, against the 74 days before it.
    ['ytd', 'Year to Date', '2026-01-01', '2025-10-19', '2025-12-31'],
  ] as const)('%s (%s) runs from %s, against %s to %s', (range, _label, from, previousFrom, previousTo) => {
    expect(rangeBounds(range, today)).toEqual({ from, to: today, previousFrom, previousTo });
  });
});
