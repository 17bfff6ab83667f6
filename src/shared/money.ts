/** Dollars typed in a form → integer cents stored and sent; rounded once, here. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;
/** Cents as whole dollars, the cents dropped ($45,900.99 is 45900): the offers' payloads carry prices so. */
export const toWholeDollars = (cents: number) => Math.trunc(toDollars(cents));
/** Cents as the plain dollars a form field or a CSV cell holds: '45900.50'. */
export const dollarsText = (cents: number) => toDollars(cents).toFixed(2);

/**
 * The largest amount any money field takes: $1,000,000,000. A million deals at the cap still sum far inside
 * PostgreSQL's bigint.
 */
export const MAX_MONEY_CENTS = 1_000_000_000_00;

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Cents as dollars to show: '$45,900', '$45,900.50' when `exact`, '$45.9K' when `compact` (a chart's axis). */
export const formatDollars = (cents: number, { exact = false, compact = false } = {}) =>
  (compact ? compactDollars : exact ? dollarsAndCents : wholeDollars).format(toDollars(cents));
