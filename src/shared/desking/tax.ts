/**
 * Sales tax on a vehicle sale, by the rules of the state the buyer registers in. Each seed rule names where its
 * facts were read; a fact marked "not confirmed" is the usual rule, kept until someone checks the state's guidance.
 */
import { z } from 'zod';
import { moneyCents, requiredText, text } from '../common/fields.js';
import { roundCents } from './finance.js';

/**
 * How a state taxes a lease:
 * - 'monthly': sales/use tax on each base monthly payment, collected with it;
 * - 'upfront_payments': tax on the sum of the base monthly payments, due at signing;
 * - 'upfront_price': tax on the vehicle's agreed price, as on a sale, due at signing.
 */
export const leaseTaxMethods = ['monthly', 'upfront_payments', 'upfront_price'] as const;
export type LeaseTaxMethod = (typeof leaseTaxMethods)[number];

/** A state by its postal code: 'TX'. */
export const stateCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Enter the state as its two-letter code, such as TX');

const taxRate = (label: string) =>
  z
    .number({ error: `${label} must be from 0 to 20 %` })
    .min(0, `${label} must be from 0 to 20 %`)
    .max(20, `${label} must be from 0 to 20 %`)
    .refine((rate) => Number.isInteger(Math.round(rate * 1e6) / 1000), 'Tax rates have at most 3 decimals');

/** A state's sales tax on a vehicle, as Settings → Desking keeps it. */
export const taxRuleSchema = z.object({
  state: stateCode,
  name: requiredText(60, 'Name the state'),
  /** The state's own rate in percent, up to three decimals; a county or city adds its rate to it. */
  rate_percent: taxRate('State tax rate'),
  trade_in_reduces_taxable: z.boolean(),
  /** The most a trade-in may take off the taxable amount, where the state caps the credit. */
  trade_in_credit_cap_cents: moneyCents('Trade-in credit cap must be positive', 'Trade-in credit cap is too large').nullable(),
  /** Whether a manufacturer's rebate comes off the taxable price or is taxed as part of the payment. */
  rebates_reduce_taxable: z.boolean(),
  doc_fee_taxable: z.boolean(),
  service_contract_taxable: z.boolean(),
  gap_taxable: z.boolean(),
  lease_method: z.enum(leaseTaxMethods),
  /** Where the rule's facts were read. */
  source: text(1000),
});
export type StateTaxRule = z.infer<typeof taxRuleSchema>;

/** The states a new installation lists. */
export type TaxState = 'CA' | 'TX' | 'FL' | 'NY' | 'IL' | 'PA';

export const STATE_TAX_SEED: Record<TaxState, StateTaxRule> = {
  CA: {
    state: 'CA',
    name: 'California',
    rate_percent: 7.25,
    trade_in_reduces_taxable: false,
    trade_in_credit_cap_cents: null,
    rebates_reduce_taxable: false,
    doc_fee_taxable: true,
    service_contract_taxable: false,
    gap_taxable: false,
    lease_method: 'monthly',
    source:
      'CDTFA Reg. 1654 (trade-in is part of the measure of tax) as summarised at legalclarity.org/does-a-trade-in-reduce-sales-tax-in-california; ' +
      'CDTFA annotation 125.0040 (document processing charge taxable) and 125.0032 (manufacturer rebate fully taxable), cdtfa.ca.gov/lawguides/vol2/suta/. ' +
      'Not confirmed: service contract, GAP, lease method.',
  },
  TX: {
    state: 'TX',
    name: 'Texas',
    rate_percent: 6.25,
    trade_in_reduces_taxable: true,
    trade_in_credit_cap_cents: null,
    rebates_reduce_taxable: false,
    doc_fee_taxable: true,
    service_contract_taxable: false,
    gap_taxable: false,
    lease_method: 'upfront_price',
    source:
      'Travis County Tax Office, "Calculating Texas Sales Tax": (vehicle price − trade-in value) × 6.25 %. ' +
      'Not confirmed: rebates, doc fee, service contract, GAP, lease method.',
  },
  FL: {
    state: 'FL',
    name: 'Florida',
    rate_percent: 6,
    trade_in_reduces_taxable: true,
    trade_in_credit_cap_cents: null,
    rebates_reduce_taxable: false,
    doc_fee_taxable: true,
    service_contract_taxable: false,
    gap_taxable: false,
    lease_method: 'monthly',
    source:
      'Lee County Tax Collector, Sales / Use Tax: tax on the difference between trade-in allowance and sales price (leetc.com); ' +
      'dealer fees taxable, rebates do not reduce the base (dmvdealerschool.com/lessons/196). County surtax applies to the first ' +
      '$5,000 only, not modelled. Not confirmed: service contract, GAP, lease method.',
  },
  NY: {
    state: 'NY',
    name: 'New York',
    rate_percent: 4,
    trade_in_reduces_taxable: true,
    trade_in_credit_cap_cents: null,
    rebates_reduce_taxable: false,
    doc_fee_taxable: false,
    service_contract_taxable: true,
    gap_taxable: false,
    lease_method: 'upfront_payments',
    source:
      'NYS DTF Advisory Opinion TSB-A-14(7)S: trade-in credit not taxed, manufacturer rebate taxed, extended warranty taxed, ' +
      'reasonable document fee not taxed (lexology.com summary); Publication 839 on long-term leases. Not confirmed: GAP.',
  },
  IL: {
    state: 'IL',
    name: 'Illinois',
    rate_percent: 6.25,
    trade_in_reduces_taxable: true,
    trade_in_credit_cap_cents: 1_000_000,
    rebates_reduce_taxable: false,
    doc_fee_taxable: true,
    service_contract_taxable: false,
    gap_taxable: false,
    lease_method: 'upfront_payments',
    source:
      'salestaxhandbook.com/illinois/sales-tax-vehicles (trade-in not taxed); lexusoforland.com/Trade-InTaxCredit ' +
      '(trade-in value above $10,000 taxed from 1 Jan 2020). Not confirmed: state rate against IDOR, the cap today, ' +
      'rebates, fees, products, lease method.',
  },
  PA: {
    state: 'PA',
    name: 'Pennsylvania',
    rate_percent: 6,
    trade_in_reduces_taxable: true,
    trade_in_credit_cap_cents: null,
    rebates_reduce_taxable: false,
    doc_fee_taxable: true,
    service_contract_taxable: false,
    gap_taxable: false,
    lease_method: 'monthly',
    source:
      'legalclarity.org/how-is-pa-used-car-sales-tax-calculated: 6 %, Allegheny +1 %, Philadelphia +2 %, trade-in taken off ' +
      'the price. Not confirmed: rebates, fees, products, lease method (PA also levies a motor vehicle lease tax).',
  },
};

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
