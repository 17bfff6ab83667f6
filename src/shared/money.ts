/** Dollars typed in a form → integer cents stored and sent; rounded once, here. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/**
 * The largest amount any money field takes: $1,000,000,000. A million deals at the cap still sum far inside
 * PostgreSQL's bigint.
 */
export const MAX_MONEY_CENTS = 1_000_000_000_00;

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars to show: '$45,900', or '$45,900.50' when `exact`. */
export const formatDollars = (cents: number, { exact = false } = {}) =>
  (exact ? dollarsAndCents : wholeDollars).format(toDollars(cents));
