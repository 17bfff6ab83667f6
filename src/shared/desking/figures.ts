/**
 * Every figure of a worksheet, from what the desk typed and the state's rule: the screen works them out as the
 * salesperson types, the server when it answers, by this one function.
 */
import { annualPercentageRate, financeTerms, paymentSchedule, scheduledPayments } from './finance.js';
import { aprFromMoneyFactor, leaseTerms } from './lease.js';
import type { StateTaxRule } from './tax.js';
import type { WorksheetFigures } from './types.js';
import { leaseInputFromWorksheet, worksheetTotals, type Worksheet } from './worksheet.js';

/**
 * What a way to pay asks of the customer, as the deal, the quote and its page show it: the monthly payment (none for
 * cash), what is due at signing (a lease's amount due, else the cash down), and the total of payments (the cash price
 * for cash).
 */
export function paymentSummary({ totals, finance, lease }: WorksheetFigures) {
  return {
    monthly_cents: finance?.payment_cents ?? lease?.total_monthly_payment_cents ?? null,
    at_signing_cents: lease?.amount_due_at_signing_cents ?? totals.cash_down_cents,
    total_cents: finance
      ? paymentSchedule(finance).total_of_payments_cents
      : (lease?.total_of_payments_cents ?? totals.cash_price_cents),
  };
}

export function worksheetFigures(worksheet: Worksheet, rule: StateTaxRule): WorksheetFigures {
  const totals = worksheetTotals(worksheet, rule);
  const { structure } = worksheet;
  if (structure.kind === 'finance') {
    const terms = financeTerms({
      amount_financed_cents: totals.amount_financed_cents,
      apr_percent: structure.apr_percent,
      term_months: structure.term_months,
      contract_date: structure.contract_date,
      first_payment_date: structure.first_payment_date,
    });
    // The APR disclosed is the one the rounded schedule carries, by the actuarial method (Regulation Z § 1026.22).
    const schedule = paymentSchedule({
      ...terms,
      term_months: structure.term_months,
      first_payment_date: structure.first_payment_date,
    });
    const apr = annualPercentageRate({
      amount_financed_cents: terms.amount_financed_cents,
      contract_date: structure.contract_date,
      unit_period: 'monthly',
      payments: scheduledPayments(schedule),
    });
    return {
      totals,
      finance: {
        ...terms,
        apr_percent: totals.amount_financed_cents > 0 ? apr : structure.apr_percent,
        term_months: structure.term_months,
        first_payment_date: structure.first_payment_date,
      },
      lease: null,
    };
  }
  if (structure.kind === 'lease') {
    const terms = leaseTerms(leaseInputFromWorksheet(worksheet, structure, rule));
    return { totals, finance: null, lease: { ...terms, apr_equivalent_percent: aprFromMoneyFactor(structure.money_factor) } };
  }
  return { totals, finance: null, lease: null };
}
