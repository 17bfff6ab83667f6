/**
 * Sales tax on a vehicle sale, by the rules of the state the buyer registers in: each state's facts, with their
 * sources and whether they are confirmed, are in one data file (state-taxes.ts); this is the arithmetic on them.
 */
import { z } from 'zod';
import '../common/plain-errors.js';
import { roundCents } from './finance.js';
import { leaseTaxMethods, STATE_TAXES, type StateTaxFacts } from './state-taxes.js';

export { leaseTaxMethods, type LeaseTaxMethod } from './state-taxes.js';

/** A state by its postal code: 'TX'. */
export const stateCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Enter the state as its two-letter code, such as TX');

/** The figures of a state's rule, as `unconfirmed` names those not checked against the state's guidance. */
export const taxFactNames = [
  'rate_percent',
  'trade_in',
  'doc_fee_taxable',
  'rebates_reduce_taxable',
  'service_contract_taxable',
  'gap_taxable',
  'lease_method',
  'max_tax_cents',
] as const satisfies readonly (keyof StateTaxFacts)[];
export type TaxFactName = (typeof taxFactNames)[number];

/** A state's sales tax on a vehicle as the arithmetic reads it, from the one data file (state-taxes.ts). */
export const taxRuleSchema = z.object({
  state: z.string(),
  name: z.string(),
  /** The state's own rate in percent, up to three decimals; a county or city adds its rate to it. */
  rate_percent: z.number(),
  trade_in_reduces_taxable: z.boolean(),
  /** The most a trade-in may take off the taxable amount, where the state caps the credit. */
  trade_in_credit_cap_cents: z.number().nullable(),
  /** Whether a manufacturer's rebate comes off the taxable price or is taxed as part of the payment. */
  rebates_reduce_taxable: z.boolean(),
  doc_fee_taxable: z.boolean(),
  service_contract_taxable: z.boolean(),
  gap_taxable: z.boolean(),
  lease_method: z.enum(leaseTaxMethods),
  /** The most the sales tax on one vehicle may be, where the state caps it. */
  max_tax_cents: z.number().nullable(),
  /** The figures not confirmed against the state's own guidance: the desk marks them so. */
  unconfirmed: z.array(z.enum(taxFactNames)),
});
export type StateTaxRule = z.infer<typeof taxRuleSchema>;

/** A state's facts as one rule the arithmetic reads. */
function stateTaxRule(facts: StateTaxFacts): StateTaxRule {
  return {
    state: facts.state,
    name: facts.name,
    rate_percent: facts.rate_percent.value,
    trade_in_reduces_taxable: facts.trade_in.value.reduces_taxable,
    trade_in_credit_cap_cents: facts.trade_in.value.cap_cents,
    rebates_reduce_taxable: facts.rebates_reduce_taxable.value,
    doc_fee_taxable: facts.doc_fee_taxable.value,
    service_contract_taxable: facts.service_contract_taxable.value,
    gap_taxable: facts.gap_taxable.value,
    lease_method: facts.lease_method.value,
    max_tax_cents: facts.max_tax_cents.value,
    unconfirmed: taxFactNames.filter((name) => !facts[name].confirmed),
  };
}

const RULES = new Map(STATE_TAXES.map((facts) => [facts.state, stateTaxRule(facts)]));

/** Every state and DC, by name. */
export const taxStates = [...RULES.values()]
  .map(({ state, name }) => ({ state, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The rule of a state by its code, or null for a code that names none. */
export const ruleOf = (state: string): StateTaxRule | null => RULES.get(state) ?? null;

export const STATE_NOT_LISTED = 'Choose one of the 50 states or the District of Columbia';

/** A state desking taxes: one of the 50 states or DC. */
export const taxStateCode = stateCode.refine((code) => RULES.has(code), STATE_NOT_LISTED);

/** A county or city rate, added to the state's. */
export const localTaxRatePercent = z
  .number({ error: 'Local tax rate must be from 0 to 10 %' })
  .min(0, 'Local tax rate must be from 0 to 10 %')
  .max(10, 'Local tax rate must be from 0 to 10 %')
  .refine((rate) => Number.isInteger(Math.round(rate * 1e6) / 1000), 'Tax rates have at most 3 decimals');

/** The sales tax of one vehicle within the state's cap, where it has one (South Carolina's $500). */
export const cappedTax = (tax_cents: number, rule: Pick<StateTaxRule, 'max_tax_cents'>) =>
  rule.max_tax_cents === null ? tax_cents : Math.min(tax_cents, rule.max_tax_cents);

/** The state rate and the county or city rate together, kept to three decimals (4 + 4.875 = 8.875). */
export const combinedRatePercent = (rule: StateTaxRule, localRatePercent = 0) =>
  Math.round((rule.rate_percent + localRatePercent) * 1000) / 1000;

/**
 * Tax on an amount at a percent rate held to thousandths of a percent, rounded once to the cent. The rate is
 * scaled to a whole number first so the product is exact and only the final division can round.
 */
export const salesTaxOn = (taxable_cents: number, rate_percent: number) =>
  roundCents((taxable_cents * Math.round(rate_percent * 1000)) / 100_000);

export const productKinds = ['service_contract', 'gap', 'maintenance', 'other'] as const;
export type ProductKind = (typeof productKinds)[number];
export const productKindLabels: Record<ProductKind, string> = {
  service_contract: 'Service contract',
  gap: 'GAP',
  maintenance: 'Maintenance',
  other: 'Other',
};
/** A documentation fee is taxed as the state says; any other fee as the desk marks it. */
export const feeKinds = ['doc_fee', 'other'] as const;
export type FeeKind = (typeof feeKinds)[number];

/** What a sale is taxed on: the item's own `taxable` flag decides unless the state's rule names its kind. */
export type TaxableSale = {
  selling_price_cents: number;
  rebates_cents: number;
  trade_in_allowance_cents: number;
  fees: { kind: FeeKind; amount_cents: number; taxable: boolean }[];
  products: { kind: ProductKind; price_cents: number; taxable: boolean }[];
};

const feeIsTaxable = (fee: TaxableSale['fees'][number], rule: StateTaxRule) =>
  fee.kind === 'doc_fee' ? rule.doc_fee_taxable : fee.taxable;

function productIsTaxable(product: TaxableSale['products'][number], rule: StateTaxRule) {
  if (product.kind === 'service_contract') return rule.service_contract_taxable;
  if (product.kind === 'gap') return rule.gap_taxable;
  return product.taxable;
}

/** The trade-in credit the state allows: none, the allowance, or the allowance up to the state's cap. */
export function tradeInCredit(allowance_cents: number, rule: StateTaxRule) {
  if (!rule.trade_in_reduces_taxable) return 0;
  return rule.trade_in_credit_cap_cents === null ? allowance_cents : Math.min(allowance_cents, rule.trade_in_credit_cap_cents);
}

/**
 * The price less rebates (where the state lets them reduce it), less the trade-in credit, plus the taxable fees
 * and products. A trade worth more than the vehicle leaves nothing taxable rather than a credit.
 */
export function taxableAmount(sale: TaxableSale, rule: StateTaxRule): number {
  const vehicle =
    sale.selling_price_cents -
    (rule.rebates_reduce_taxable ? sale.rebates_cents : 0) -
    tradeInCredit(sale.trade_in_allowance_cents, rule);
  const fees = sale.fees.reduce((sum, fee) => sum + (feeIsTaxable(fee, rule) ? fee.amount_cents : 0), 0);
  const products = sale.products.reduce((sum, product) => sum + (productIsTaxable(product, rule) ? product.price_cents : 0), 0);
  return Math.max(0, vehicle) + fees + products;
}

/** A rule's figures in the desk's words, for the hint that names those not confirmed. */
export const taxFactLabels: Record<TaxFactName, string> = {
  rate_percent: 'state rate',
  trade_in: 'trade-in credit',
  doc_fee_taxable: 'doc fee',
  rebates_reduce_taxable: 'rebates',
  service_contract_taxable: 'service contracts',
  gap_taxable: 'GAP',
  lease_method: 'lease tax',
  max_tax_cents: 'tax cap',
};
