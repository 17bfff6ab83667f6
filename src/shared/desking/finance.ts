/**
 * Retail installment arithmetic as Regulation Z (12 CFR 1026) discloses it: the level payment, the finance charge,
 * the total of payments, and the annual percentage rate by the actuarial method of Appendix J. Money is integer
 * cents; a date is a calendar day written YYYY-MM-DD.
 */

/** The time between payments; Appendix J (b)(3) calls it the unit-period. */
export type UnitPeriod = 'weekly' | 'biweekly' | 'semimonthly' | 'monthly' | 'quarterly';

/** Appendix J (b)(5): 52 weeks, 26 fortnights, 24 semimonths, 12 months or 4 quarters to a year. */
export const UNIT_PERIODS_PER_YEAR: Record<UnitPeriod, number> = {
  weekly: 52,
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
  quarterly: 4,
};

/**
 * Rounds an amount of cents to the cent, half away from zero: 2.5 → 3 and −2.5 → −3 (Math.round alone gives −2 for
 * −2.5, rounding negative halves toward zero), and never −0.
 */
export const roundCents = (cents: number) => (cents < 0 ? 0 - Math.round(-cents) : Math.round(cents));

type Day = { year: number; month: number; day: number };

const parseDay = (value: string): Day => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const dayNumber = ({ year, month, day }: Day) => Date.UTC(year, month - 1, day) / 86_400_000;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const formatDay = ({ year, month, day }: Day) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The day `months` later (or earlier, when negative), kept on the same day of the month or its last day. */
function shiftMonths(date: Day, months: number): Day {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}
const shiftDays = (date: Day, days: number): Day => {
  const moved = new Date((dayNumber(date) + days) * 86_400_000);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
};

/** Calendar days from `earlier` to `later`: Appendix J (b)(5)(i) counts 24-hour intervals. */
export const daysBetween = (earlier: string, later: string) => dayNumber(parseDay(later)) - dayNumber(parseDay(earlier));

/** The day `months` after `date`, on the same day of the month or the month's last day. */
export const addMonths = (date: string, months: number) => formatDay(shiftMonths(parseDay(date), months));

/** One semimonth back: the 16th → the 1st, the 1st → the 16th of the month before. */
const semimonthBack = (date: Day): Day => {
  if (date.day > 15) return { ...date, day: date.day - 15 };
  const previous = shiftMonths({ ...date, day: 1 }, -1);
  return { ...previous, day: Math.min(date.day + 15, daysInMonth(previous.year, previous.month)) };
};

/** `count` unit-periods back from `later`, measured from `later` itself so that month ends do not drift. */
function periodsBack(later: Day, count: number, unit_period: UnitPeriod): Day {
  if (unit_period === 'monthly') return shiftMonths(later, -count);
  if (unit_period === 'quarterly') return shiftMonths(later, -3 * count);
  if (unit_period === 'weekly') return shiftDays(later, -7 * count);
  if (unit_period === 'biweekly') return shiftDays(later, -14 * count);
  const back = shiftMonths(later, -Math.floor(count / 2));
  return count % 2 === 1 ? semimonthBack(back) : back;
}

/**
 * The day a payment's months are counted back from: its own, except that a payment of a series scheduled for a
 * later day of the month than its month has (the 31st in April, the 30th in February) falls on the month's last day
 * and counts as on the series' day. Appendix J (b)(3)(iv): a series on the last day of each month is measured from
 * last day to last day, and one on the 29th or 30th uses the last day of February — so 31 December to 29 February
 * is two whole months, not one month and 29 days.
 */
const onSeriesDay = (date: Day, seriesDay: number | undefined): Day =>
  seriesDay !== undefined && seriesDay > date.day && date.day === daysInMonth(date.year, date.month)
    ? { ...date, day: seriesDay }
    : date;

/**
 * The time from `earlier` to `later` as Appendix J (b)(5) measures it: `t` whole unit-periods counted back from the
 * later date, and the fraction `f` left before them — its days over 30 for months (a quarter's leftover months
 * count 30 days each, over 90), over 15 for semimonths, over 7 or 14 for weeks. `seriesDay` is the day of the month
 * the payments are scheduled for, when monthly or quarterly (see `onSeriesDay`).
 */
export function unitPeriodsBetween(
  earlier: string,
  later: string,
  unit_period: UnitPeriod,
  seriesDay?: number,
): { t: number; f: number } {
  const start = dayNumber(parseDay(earlier));
  const monthBased = unit_period === 'monthly' || unit_period === 'quarterly';
  const end = monthBased ? onSeriesDay(parseDay(later), seriesDay) : parseDay(later);
  let t = 0;
  while (dayNumber(periodsBack(end, t + 1, unit_period)) >= start) t += 1;
  const boundary = periodsBack(end, t, unit_period);
  if (unit_period === 'weekly' || unit_period === 'biweekly') {
    const length = unit_period === 'weekly' ? 7 : 14;
    return { t, f: (dayNumber(boundary) - start) / length };
  }
  if (unit_period === 'semimonthly') return { t, f: (dayNumber(boundary) - start) / 15 };
  // The leftover months, too, are counted back from the later date itself, so that a month end does not drift.
  const step = unit_period === 'quarterly' ? 3 : 1;
  let months = 0;
  while (dayNumber(shiftMonths(end, -(step * t + months + 1))) >= start) months += 1;
  const days = dayNumber(shiftMonths(end, -(step * t + months))) - start;
  return { t, f: (months * 30 + days) / (unit_period === 'quarterly' ? 90 : 30) };
}

/**
 * The due dates of `count` payments one unit-period apart; a semimonth's second payment is 15 days after its first,
 * within the same month (the 15th's is the 28th in a February of 28 days, not the 2nd of March).
 */
export function paymentDates(first_payment_date: string, count: number, unit_period: UnitPeriod): string[] {
  const first = parseDay(first_payment_date);
  return Array.from({ length: count }, (_, n) => {
    if (unit_period === 'monthly') return formatDay(shiftMonths(first, n));
    if (unit_period === 'quarterly') return formatDay(shiftMonths(first, 3 * n));
    if (unit_period === 'weekly') return formatDay(shiftDays(first, 7 * n));
    if (unit_period === 'biweekly') return formatDay(shiftDays(first, 14 * n));
    const month = shiftMonths(first, Math.floor(n / 2));
    if (n % 2 === 0) return formatDay(month);
    return formatDay({ ...month, day: Math.min(month.day + 15, daysInMonth(month.year, month.month)) });
  });
}

/**
 * What one payment due after `t` whole unit-periods and a fraction `f` is worth at the contract date, at the
 * unit-period rate `i`: Appendix J (b)(8) charges simple interest on the fraction, 1 / ((1 + f·i)(1 + i)^t).
 */
const discountFactor = ({ t, f }: { t: number; f: number }, i: number) => 1 / ((1 + f * i) * (1 + i) ** t);

export type FinanceTermsInput = {
  amount_financed_cents: number;
  apr_percent: number;
  term_months: number;
  contract_date: string;
  first_payment_date: string;
};

export type FinanceTerms = {
  payment_cents: number;
  /** The final payment: the level payment adjusted by the cents its rounding left over. */
  last_payment_cents: number;
  finance_charge_cents: number;
  total_of_payments_cents: number;
  amount_financed_cents: number;
};

/**
 * The monthly terms of a simple-interest retail installment contract at the disclosed APR. Interest runs from the
 * contract date: a first payment further out than a month carries the extra days' interest at the simple rate of
 * Appendix J (a first payment 45 days out is one month and 15 days). The level payment is the exact one rounded to
 * the cent; the last payment is what then leaves the schedule worth exactly the amount financed at that rate,
 * rounded to the cent, so the rounding of every earlier payment is settled once, at the end.
 */
export function financeTerms(input: FinanceTermsInput): FinanceTerms {
  const { amount_financed_cents, term_months, contract_date, first_payment_date } = input;
  const i = input.apr_percent / 100 / 12;
  const seriesDay = parseDay(first_payment_date).day;
  const factors = paymentDates(first_payment_date, term_months, 'monthly').map((date) =>
    discountFactor(unitPeriodsBetween(contract_date, date, 'monthly', seriesDay), i),
  );
  const worth = factors.reduce((sum, factor) => sum + factor, 0);
  const payment_cents = roundCents(amount_financed_cents / worth);
  const lastFactor = factors[factors.length - 1] ?? 1;
  const earlierWorth = payment_cents * (worth - lastFactor);
  // Rounded to the cent: the final payment is disclosed, and paid, in cents.
  const last_payment_cents = roundCents((amount_financed_cents - earlierWorth) / lastFactor);
  const { total_of_payments_cents } = paymentSchedule({ payment_cents, last_payment_cents, term_months, first_payment_date });
  return {
    payment_cents,
    last_payment_cents,
    finance_charge_cents: total_of_payments_cents - amount_financed_cents,
    total_of_payments_cents,
    amount_financed_cents,
  };
}

/** A run of equal monthly payments: how many, how much each, and the due date of the first. */
export type PaymentRun = { count: number; amount_cents: number; first_date: string };

export type PaymentSchedule = {
  /** The level payments, then the final payment on its own when it differs from them. */
  runs: PaymentRun[];
  /** Regulation Z § 1026.18(h): the sum of the payments scheduled. */
  total_of_payments_cents: number;
};

/**
 * The payment schedule of a monthly retail installment contract, as Regulation Z § 1026.18(g) discloses it: the
 * number, amounts and timing of the payments. Every payment but the last is the level payment; the last is disclosed
 * apart when it differs ("59 payments of $622.29 and 1 of $622.53"), due `term_months − 1` months after the first.
 * The total of payments (§ 1026.18(h)) is the schedule's own sum. The desk, the quote's page, its PDF and its e-mail
 * all read the schedule from here.
 */
export function paymentSchedule(terms: {
  payment_cents: number;
  last_payment_cents: number;
  term_months: number;
  first_payment_date: string;
}): PaymentSchedule {
  const { payment_cents, last_payment_cents, term_months, first_payment_date } = terms;
  const level = term_months - 1;
  const runs: PaymentRun[] =
    last_payment_cents === payment_cents
      ? [{ count: term_months, amount_cents: payment_cents, first_date: first_payment_date }]
      : [
          ...(level > 0 ? [{ count: level, amount_cents: payment_cents, first_date: first_payment_date }] : []),
          { count: 1, amount_cents: last_payment_cents, first_date: addMonths(first_payment_date, level) },
        ];
  return { runs, total_of_payments_cents: runs.reduce((sum, run) => sum + run.count * run.amount_cents, 0) };
}

/** Each payment of a schedule with its due date. */
export const scheduledPayments = ({ runs }: PaymentSchedule): ScheduledPayment[] =>
  runs.flatMap((run) =>
    paymentDates(run.first_date, run.count, 'monthly').map((date) => ({ amount_cents: run.amount_cents, date })),
  );

export type ScheduledPayment = { amount_cents: number; date: string };
/** Equal payments one unit-period apart from the first. */
export type RegularPayments = { amount_cents: number; count: number; first_payment_date: string };

export type AprInput = {
  amount_financed_cents: number;
  contract_date: string;
  unit_period: UnitPeriod;
  payments: ScheduledPayment[] | RegularPayments;
};

const scheduleOf = (payments: AprInput['payments'], unit_period: UnitPeriod): ScheduledPayment[] =>
  Array.isArray(payments)
    ? payments
    : paymentDates(payments.first_payment_date, payments.count, unit_period).map((date) => ({
        amount_cents: payments.amount_cents,
        date,
      }));

/**
 * The unit-period rate at which the payments are worth the amount financed (Appendix J (b)(8) with one advance at
 * the contract date), by Newton–Raphson kept inside a bracket that halves whenever a step would leave it.
 */
function unitPeriodRate(amount_financed_cents: number, flows: { amount_cents: number; t: number; f: number }[]): number {
  const worthAt = (i: number) => flows.reduce((sum, flow) => sum + flow.amount_cents * discountFactor(flow, i), 0);
  const slopeAt = (i: number) =>
    flows.reduce((sum, flow) => {
      const worth = flow.amount_cents * discountFactor(flow, i);
      return sum - worth * (flow.f / (1 + flow.f * i) + flow.t / (1 + i));
    }, 0);
  let low = 0;
  let high = 1;
  while (worthAt(high) > amount_financed_cents) high *= 2;
  let i = high / 2;
  for (let step = 0; step < 200 && high - low > 1e-15; step += 1) {
    const gap = worthAt(i) - amount_financed_cents;
    if (gap > 0) low = i;
    else high = i;
    const next = i - gap / slopeAt(i);
    i = next > low && next < high ? next : (low + high) / 2;
    if (Math.abs(gap) < 1e-9) break;
  }
  return i;
}

/**
 * The annual percentage rate by the actuarial method (Appendix J): the unit-period rate times the unit-periods in a
 * year, in percent, rounded to two decimals as disclosed. Payments that add up to no more than the amount financed
 * carry no finance charge, and their rate is 0.
 */
export function annualPercentageRate(input: AprInput): number {
  const schedule = scheduleOf(input.payments, input.unit_period);
  const total = schedule.reduce((sum, payment) => sum + payment.amount_cents, 0);
  if (schedule.length === 0 || total <= input.amount_financed_cents) return 0;
  // The day of the month the series is scheduled for: the latest day any of its payments falls on (a series on the
  // 31st shows it in the long months; its February and 30-day months' payments fall on their last days).
  const seriesDay = Math.max(...schedule.map((payment) => parseDay(payment.date).day));
  const flows = schedule.map((payment) => ({
    amount_cents: payment.amount_cents,
    ...unitPeriodsBetween(input.contract_date, payment.date, input.unit_period, seriesDay),
  }));
  const percent = unitPeriodRate(input.amount_financed_cents, flows) * UNIT_PERIODS_PER_YEAR[input.unit_period] * 100;
  // Rounded to hundredths of a percentage point, the precision the disclosure shows.
  return Number(percent.toFixed(2));
}
