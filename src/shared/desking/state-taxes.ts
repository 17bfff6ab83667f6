/**
 * The sales tax every state and the District of Columbia puts on a vehicle bought from a dealer: the state's own rate
 * (or the tax a state levies on a vehicle in place of its sales tax: a titling, excise, usage or highway-use tax),
 * whether a trade-in lowers the taxable price and up to what cap, whether a documentation fee is taxed, and how a lease
 * is taxed. Each figure names its source (the statute or the department of revenue's page) and the day it took effect
 * where the source gives one; a figure not checked against the state's own guidance is `confirmed: false`, shown so on
 * the desk and in docs/state-taxes.md (`npm run docs:state-taxes` writes that table from this file). Counties and cities
 * add their rates on top: admins list them in Settings → Desking.
 */

/** How a state taxes a lease: each monthly payment, the sum of the payments at signing, or the price at signing. */
export const leaseTaxMethods = ['monthly', 'upfront_payments', 'upfront_price'] as const;
export type LeaseTaxMethod = (typeof leaseTaxMethods)[number];

/** One figure of a state's rule, with where it was read, since when it holds (null: the source gives no day) and whether it was checked. */
export type Fact<T> = { value: T; source: string; effective: string | null; confirmed: boolean };

export type TradeInRule = { reduces_taxable: boolean; cap_cents: number | null };

export type StateTaxFacts = {
  state: string;
  name: string;
  /** The state's rate in percent; a county or city adds its own. */
  rate_percent: Fact<number>;
  trade_in: Fact<TradeInRule>;
  doc_fee_taxable: Fact<boolean>;
  rebates_reduce_taxable: Fact<boolean>;
  service_contract_taxable: Fact<boolean>;
  gap_taxable: Fact<boolean>;
  lease_method: Fact<LeaseTaxMethod>;
  /** The most the tax on one vehicle may be, where the state caps it (South Carolina). */
  max_tax_cents: Fact<number | null>;
  /** What the rule leaves out, in a sentence. */
  note: string | null;
};

const known = <T>(value: T, source: string, effective: string | null = null): Fact<T> => ({
  value,
  source,
  effective,
  confirmed: true,
});
const unsure = <T>(value: T, source: string, effective: string | null = null): Fact<T> => ({
  value,
  source,
  effective,
  confirmed: false,
});

const USUAL = 'The usual rule, not yet checked against the state’s own guidance';
const NO_SALES_TAX = 'No state sales tax on vehicles';

const takesTrade = (source: string, effective: string | null = null) =>
  known<TradeInRule>({ reduces_taxable: true, cap_cents: null }, source, effective);
const mayTakeTrade = (source = USUAL) => unsure<TradeInRule>({ reduces_taxable: true, cap_cents: null }, source);
const noTrade = (source: string, confirmed = true) =>
  (confirmed ? known : unsure)<TradeInRule>({ reduces_taxable: false, cap_cents: null }, source);
const docFeeUsual = unsure(true, `${USUAL}: a dealer's documentation fee is part of the taxable selling price`);

type Given = Partial<Omit<StateTaxFacts, 'state' | 'name' | 'rate_percent' | 'trade_in'>> &
  Pick<StateTaxFacts, 'rate_percent' | 'trade_in'>;

/** A state's facts; what is not given is the usual rule, unconfirmed. */
const rule = (state: string, name: string, given: Given): StateTaxFacts => ({
  state,
  name,
  doc_fee_taxable: docFeeUsual,
  rebates_reduce_taxable: unsure(false, `${USUAL}: a manufacturer's rebate does not lower the taxable price`),
  service_contract_taxable: unsure(false, `${USUAL}: an optional service contract is not taxed`),
  gap_taxable: unsure(false, `${USUAL}: GAP is not taxed`),
  lease_method: unsure<LeaseTaxMethod>('monthly', `${USUAL}: tax on each monthly payment`),
  max_tax_cents: known(null, 'No cap on the tax of one vehicle'),
  note: null,
  ...given,
});

/** No state tax on a vehicle sale: the rest of its rule does not arise. */
const untaxed = (state: string, name: string, source: string, note: string | null = null): StateTaxFacts =>
  rule(state, name, {
    rate_percent: known(0, source),
    trade_in: noTrade(`${NO_SALES_TAX}: nothing for a trade-in to lower`),
    doc_fee_taxable: known(false, `${NO_SALES_TAX}: nothing to tax`),
    rebates_reduce_taxable: known(false, NO_SALES_TAX),
    service_contract_taxable: known(false, NO_SALES_TAX),
    gap_taxable: known(false, NO_SALES_TAX),
    lease_method: known<LeaseTaxMethod>('monthly', `${NO_SALES_TAX}: no tax on the payments`),
    note,
  });

export const STATE_TAXES: readonly StateTaxFacts[] = [
  rule('AL', 'Alabama', {
    rate_percent: known(2, 'Code of Alabama § 40-23-2(4): automotive vehicles at 2 %; Alabama Department of Revenue, Sales Tax'),
    trade_in: takesTrade('Alabama Department of Revenue, Sales Tax: trade-in allowance deducted from the price of a vehicle'),
  }),
  untaxed(
    'AK',
    'Alaska',
    'Alaska has no state sales tax; boroughs and cities may levy one',
    'Local sales taxes apply where a borough or city levies one.',
  ),
  rule('AZ', 'Arizona', {
    rate_percent: known(
      5.6,
      'A.R.S. § 42-5010: transaction privilege tax, retail classification, 5.6 %; Arizona Department of Revenue',
      '2013-06-01',
    ),
    trade_in: takesTrade(
      'Arizona Department of Revenue, Transaction Privilege Tax Ruling on motor vehicle dealers: trade-in excluded from gross proceeds',
    ),
  }),
  rule('AR', 'Arkansas', {
    rate_percent: known(6.5, 'Arkansas Department of Finance and Administration, Motor Vehicle Sales Tax: 6.5 %', '2013-07-01'),
    trade_in: takesTrade('Arkansas DFA, Motor Vehicle Sales Tax: trade-in credit'),
    note: 'Used vehicles under $4,000 are exempt and those of $4,000–$10,000 taxed at 3.5 % (Act 1232 of 2019, not confirmed); not modelled.',
  }),
  rule('CA', 'California', {
    rate_percent: known(7.25, 'CDTFA, Tax Guide for Motor Vehicle Dealers: statewide base rate 7.25 %', '2017-01-01'),
    trade_in: noTrade('CDTFA Regulation 1654: a trade-in is part of the measure of tax, not a deduction'),
    doc_fee_taxable: known(true, 'CDTFA Business Taxes Law Guide, annotation 125.0040: document processing charge taxable'),
    rebates_reduce_taxable: known(false, 'CDTFA annotation 125.0032: manufacturer rebate is part of the taxable price'),
  }),
  rule('CO', 'Colorado', {
    rate_percent: known(
      2.9,
      'C.R.S. § 39-26-106: state sales tax 2.9 %; Colorado Department of Revenue, Sales Tax Guide',
      '2001-01-01',
    ),
    trade_in: takesTrade('C.R.S. § 39-26-102: trade-in allowance excluded from the purchase price'),
  }),
  rule('CT', 'Connecticut', {
    rate_percent: known(6.35, 'Conn. Gen. Stat. § 12-408: 6.35 %; Department of Revenue Services, motor vehicles', '2011-07-01'),
    trade_in: takesTrade('Connecticut DRS, Sales and Use Taxes on Motor Vehicles: trade-in deducted'),
    note: 'Vehicles over $50,000 are taxed at 7.75 % on the whole price (Conn. Gen. Stat. § 12-408); not modelled.',
  }),
  rule('DE', 'Delaware', {
    rate_percent: unsure(
      4.25,
      'Delaware DMV, Document Fee: a document fee in place of a sales tax, 4.25 % of the price',
      '2018-07-01',
    ),
    trade_in: mayTakeTrade('Delaware DMV, Document Fee: trade-in allowance deducted, not confirmed'),
    doc_fee_taxable: unsure(false, 'Delaware has no sales tax; the document fee is on the vehicle’s price'),
  }),
  rule('DC', 'District of Columbia', {
    rate_percent: unsure(
      6,
      'D.C. Code § 50-2201.03: excise tax on titling, by the vehicle’s weight (6 % for the lightest class); DC DMV, Vehicle Titling',
    ),
    trade_in: noTrade('DC DMV, Vehicle Titling: excise tax on the fair market value; no trade-in credit, not confirmed', false),
    note: 'The titling tax rises with the vehicle’s weight (7 % and 8 %) and is lower for fuel-efficient vehicles; only the lightest class is modelled.',
  }),
  rule('FL', 'Florida', {
    rate_percent: known(
      6,
      'Fla. Stat. § 212.05: 6 %; Florida Department of Revenue, Sales and Use Tax on motor vehicles',
      '1988-02-01',
    ),
    trade_in: takesTrade('Fla. Stat. § 212.09: trade-in allowance deducted; Lee County Tax Collector, Sales / Use Tax'),
    doc_fee_taxable: known(
      true,
      'Florida Department of Revenue, Tax Information for Motor Vehicle Dealers: dealer fees are part of the sales price',
    ),
    note: 'County discretionary surtax applies to the first $5,000 of the price only; entered as a local rate it is taxed on the whole price.',
  }),
  rule('GA', 'Georgia', {
    rate_percent: known(
      7,
      'O.C.G.A. § 48-5C-1: title ad valorem tax 7 % of fair market value in place of sales tax; Georgia DOR, TAVT',
    ),
    trade_in: takesTrade('O.C.G.A. § 48-5C-1: a dealer sale’s fair market value is reduced by the trade-in'),
    doc_fee_taxable: unsure(false, 'Georgia DOR, TAVT: the tax is on the vehicle’s value, not the dealer’s fees; not confirmed'),
  }),
  rule('HI', 'Hawaii', {
    rate_percent: known(4, 'HRS ch. 237: general excise tax 4 %; Hawaii Department of Taxation'),
    trade_in: noTrade(
      'Hawaii Department of Taxation: the general excise tax is on gross proceeds, no trade-in deduction; not confirmed',
      false,
    ),
    note: 'Oahu, Kauai, Maui and Hawaii counties add a surcharge; the dealer may pass the tax on at 4.712 %.',
  }),
  rule('ID', 'Idaho', {
    rate_percent: known(6, 'Idaho Code § 63-3619: 6 %; Idaho State Tax Commission, Motor vehicle dealers', '2006-10-01'),
    trade_in: takesTrade('Idaho State Tax Commission, Sales and use tax on vehicles: trade-in deducted'),
  }),
  rule('IL', 'Illinois', {
    rate_percent: known(6.25, '35 ILCS 120/2-10: 6.25 %; Illinois Department of Revenue, Form ST-556', '1990-01-01'),
    trade_in: known<TradeInRule>(
      { reduces_taxable: true, cap_cents: 1_000_000 },
      'Public Act 101-0031, 35 ILCS 120/1: trade-in credit limited to $10,000 of a vehicle’s value',
      '2020-01-01',
    ),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_payments',
      'Illinois Department of Revenue, leases of motor vehicles (35 ILCS 120/2-10): tax on the lease payments',
    ),
  }),
  rule('IN', 'Indiana', {
    rate_percent: known(7, 'IC 6-2.5-2-2: 7 %; Indiana Department of Revenue, Sales tax on vehicles', '2008-04-01'),
    trade_in: takesTrade('Indiana Department of Revenue, Sales tax on motor vehicles: trade-in deducted'),
  }),
  rule('IA', 'Iowa', {
    rate_percent: known(5, 'Iowa Code § 321.105A: fee for new registration, 5 % in place of sales tax; Iowa DOT', '2008-07-01'),
    trade_in: takesTrade('Iowa Code § 321.105A(1): purchase price less trade-in'),
  }),
  rule('KS', 'Kansas', {
    rate_percent: known(
      6.5,
      'K.S.A. 79-3603: 6.5 %; Kansas Department of Revenue, Business Taxes for Motor Vehicle Transactions',
      '2015-07-01',
    ),
    trade_in: takesTrade('Kansas Department of Revenue, Business Taxes for Motor Vehicle Transactions: trade-in deducted'),
  }),
  rule('KY', 'Kentucky', {
    rate_percent: known(6, 'KRS 138.460: motor vehicle usage tax 6 %; Kentucky Transportation Cabinet'),
    trade_in: mayTakeTrade('KRS 138.450: trade-in deducted from the retail price, not confirmed for used vehicles'),
  }),
  rule('LA', 'Louisiana', {
    rate_percent: known(
      5,
      'R.S. 47:321 as amended in the 2024 Third Extraordinary Session: state rate 5 % through 2029; Louisiana Department of Revenue',
      '2025-01-01',
    ),
    trade_in: takesTrade('R.S. 47:301(13): trade-in deducted from the sales price'),
  }),
  rule('ME', 'Maine', {
    rate_percent: known(5.5, '36 M.R.S. § 1811: 5.5 %; Maine Revenue Services', '2013-10-01'),
    trade_in: takesTrade('Maine Revenue Services, Sales tax on motor vehicles: trade-in deducted from the sale price'),
  }),
  rule('MD', 'Maryland', {
    rate_percent: unsure(
      6.5,
      'Transportation Article § 13-809: vehicle excise (titling) tax raised from 6 % to 6.5 %; Maryland MVA',
      '2025-07-01',
    ),
    trade_in: takesTrade('Transportation Article § 13-809: trade-in allowance deducted'),
    doc_fee_taxable: unsure(
      false,
      'Maryland MVA, Titling tax: on the vehicle’s price, not the dealer processing charge; not confirmed',
    ),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_price',
      'Maryland MVA: titling tax on the lessor’s price, collected at signing; not confirmed',
    ),
  }),
  rule('MA', 'Massachusetts', {
    rate_percent: known(6.25, 'M.G.L. c. 64H § 2: 6.25 %; Massachusetts DOR, Sales and use tax on motor vehicles', '2009-08-01'),
    trade_in: takesTrade('Massachusetts DOR, Sales and use tax on motor vehicles: trade-in allowance deducted'),
  }),
  rule('MI', 'Michigan', {
    rate_percent: known(6, 'MCL 205.52: 6 %; Michigan Treasury, Sales and use tax', '1994-05-01'),
    trade_in: unsure<TradeInRule>(
      { reduces_taxable: true, cap_cents: 1_100_000 },
      'Michigan Treasury, Sales tax on vehicles: trade-in credit capped, the cap rising each January 1 until 2039; the cap in force not confirmed',
    ),
  }),
  rule('MN', 'Minnesota', {
    rate_percent: known(6.875, 'Minn. Stat. § 297B.02: motor vehicle sales tax 6.875 %; Minnesota DVS', '2023-07-01'),
    trade_in: takesTrade('Minn. Stat. § 297B.01: purchase price less trade-in'),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_payments',
      'Minnesota DOR, Motor vehicle leases: tax on the total lease payments at signing; not confirmed',
    ),
  }),
  rule('MS', 'Mississippi', {
    rate_percent: known(5, 'Miss. Code § 27-65-17(1)(b): motor vehicles at 5 %; Mississippi DOR'),
    trade_in: takesTrade('Mississippi DOR, Motor Vehicle sales tax: trade-in deducted'),
  }),
  rule('MO', 'Missouri', {
    rate_percent: known(4.225, 'RSMo 144.020 and 144.070: 4.225 %; Missouri DOR, Motor Vehicle Sales Tax'),
    trade_in: takesTrade('RSMo 144.025: trade-in deducted'),
  }),
  untaxed('MT', 'Montana', 'Montana has no sales tax'),
  rule('NE', 'Nebraska', {
    rate_percent: known(5.5, 'Neb. Rev. Stat. § 77-2701.02: 5.5 %; Nebraska DOR, Motor vehicle sales tax', '2002-10-01'),
    trade_in: takesTrade('Nebraska DOR, Motor vehicle sales tax: trade-in deducted'),
  }),
  rule('NV', 'Nevada', {
    rate_percent: known(
      6.85,
      'Nevada Department of Taxation: statewide rate 6.85 % (state 4.6 % and local school support 2.25 %)',
      '2009-07-01',
    ),
    trade_in: takesTrade('Nevada Department of Taxation, Motor vehicle sales: trade-in deducted'),
  }),
  untaxed('NH', 'New Hampshire', 'New Hampshire has no sales tax'),
  rule('NJ', 'New Jersey', {
    rate_percent: known(6.625, 'N.J.S.A. 54:32B-3: 6.625 %; NJ Division of Taxation, Motor vehicles', '2018-01-01'),
    trade_in: takesTrade('NJ Division of Taxation, Motor vehicles: trade-in deducted'),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_payments',
      'NJ Division of Taxation, Motor vehicle leases: tax on the total lease payments at signing; not confirmed',
    ),
  }),
  rule('NM', 'New Mexico', {
    rate_percent: known(4, 'NMSA § 7-14-3: motor vehicle excise tax 4 % in place of gross receipts tax; NM MVD', '2019-07-01'),
    trade_in: takesTrade('NMSA § 7-14-2: sale price less trade-in'),
  }),
  rule('NY', 'New York', {
    rate_percent: known(4, 'Tax Law § 1105: 4 %; NYS DTF, Publication 839', '2005-06-01'),
    trade_in: takesTrade('NYS DTF Advisory Opinion TSB-A-14(7)S: trade-in credit not taxed'),
    doc_fee_taxable: known(false, 'NYS DTF Advisory Opinion TSB-A-14(7)S: a reasonable document fee is not taxed'),
    rebates_reduce_taxable: known(false, 'NYS DTF Advisory Opinion TSB-A-14(7)S: manufacturer rebate taxed'),
    service_contract_taxable: known(true, 'NYS DTF Advisory Opinion TSB-A-14(7)S: extended warranty taxed'),
    lease_method: known<LeaseTaxMethod>(
      'upfront_payments',
      'NYS DTF, Publication 839: tax on the total lease payments at signing',
    ),
  }),
  rule('NC', 'North Carolina', {
    rate_percent: known(3, 'N.C.G.S. § 105-187.3: highway use tax 3 % in place of sales tax; NCDMV'),
    trade_in: takesTrade('N.C.G.S. § 105-187.1: retail value less trade-in allowance'),
  }),
  rule('ND', 'North Dakota', {
    rate_percent: known(5, 'N.D.C.C. § 57-40.3-02: motor vehicle excise tax 5 %; ND DOT'),
    trade_in: takesTrade('N.D.C.C. § 57-40.3-01: purchase price less trade-in'),
  }),
  rule('OH', 'Ohio', {
    rate_percent: known(5.75, 'R.C. 5739.02: 5.75 %; Ohio Department of Taxation, Motor vehicle sales', '2005-07-01'),
    trade_in: mayTakeTrade('R.C. 5739.01: trade-in deducted on a new vehicle only; used not confirmed'),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_payments',
      'Ohio Department of Taxation: tax on the total lease payments at signing; not confirmed',
    ),
  }),
  rule('OK', 'Oklahoma', {
    rate_percent: unsure(
      4.5,
      '68 O.S. § 2103: motor vehicle excise tax 3.25 % and 68 O.S. § 1354: sales tax 1.25 %; Oklahoma Tax Commission',
      '2017-07-01',
    ),
    trade_in: noTrade(
      'Oklahoma Tax Commission, Motor Vehicle Excise Tax: on the full price, no trade-in credit; not confirmed',
      false,
    ),
  }),
  untaxed(
    'OR',
    'Oregon',
    'Oregon has no sales tax',
    'A vehicle privilege tax of 0.5 % applies to new vehicles sold by Oregon dealers (ORS 320.405); not modelled.',
  ),
  rule('PA', 'Pennsylvania', {
    rate_percent: known(6, '72 P.S. § 7202: 6 %; Pennsylvania Department of Revenue, Motor vehicle sales tax'),
    trade_in: takesTrade('Pennsylvania Department of Revenue: trade-in taken off the purchase price'),
    note: 'Allegheny County adds 1 % and Philadelphia 2 %; Pennsylvania also levies a motor vehicle lease tax, not modelled.',
  }),
  rule('RI', 'Rhode Island', {
    rate_percent: known(7, 'R.I. Gen. Laws § 44-18-18: 7 %; Rhode Island Division of Taxation'),
    trade_in: takesTrade('Rhode Island Division of Taxation, Motor vehicles: trade-in deducted'),
  }),
  rule('SC', 'South Carolina', {
    rate_percent: known(5, 'S.C. Code § 56-3-627: infrastructure maintenance fee 5 % in place of sales tax; SCDOR', '2017-07-01'),
    trade_in: takesTrade('SCDOR, Infrastructure Maintenance Fee: trade-in deducted'),
    max_tax_cents: known<number | null>(50_000, 'S.C. Code § 56-3-627: at most $500 a vehicle', '2017-07-01'),
  }),
  rule('SD', 'South Dakota', {
    rate_percent: known(4, 'SDCL 32-5B-1: motor vehicle excise tax 4 %; South Dakota DOR'),
    trade_in: takesTrade('SDCL 32-5B-1: purchase price less trade-in'),
  }),
  rule('TN', 'Tennessee', {
    rate_percent: known(7, 'Tenn. Code § 67-6-202: 7 %; Tennessee Department of Revenue', '2002-07-15'),
    trade_in: takesTrade('Tennessee Department of Revenue, Motor vehicles: trade-in deducted'),
    note: 'Local rates apply to the first $1,600 of the price and a single-article tax of 2.75 % to the next $1,600–$3,200; not modelled.',
  }),
  rule('TX', 'Texas', {
    rate_percent: known(
      6.25,
      'Texas Tax Code § 152.021: motor vehicle sales tax 6.25 %; Texas Comptroller, Motor Vehicle Sales and Use Tax',
    ),
    trade_in: takesTrade(
      'Texas Tax Code § 152.002(c); Travis County Tax Office, "Calculating Texas Sales Tax": (price − trade-in) × 6.25 %',
    ),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_price',
      'Texas Comptroller, Motor Vehicle Sales and Use Tax: the lessor pays the tax on the vehicle’s price at titling; not confirmed',
    ),
  }),
  rule('UT', 'Utah', {
    rate_percent: known(4.85, 'Utah Code § 59-12-103: state rate 4.85 %; Utah State Tax Commission, Pub. 25'),
    trade_in: takesTrade('Utah State Tax Commission, Pub. 25: trade-in deducted'),
  }),
  rule('VT', 'Vermont', {
    rate_percent: known(6, '32 V.S.A. § 8903: purchase and use tax 6 %; Vermont DMV'),
    trade_in: takesTrade('Vermont DMV, Purchase and use tax: trade-in deducted'),
  }),
  rule('VA', 'Virginia', {
    rate_percent: known(4.15, 'Code of Virginia § 58.1-2402: motor vehicle sales and use tax 4.15 %; Virginia DMV', '2016-07-01'),
    trade_in: noTrade(
      'Code of Virginia § 58.1-2401: the sale price is without deduction for a trade-in; Virginia DMV, Sales and Use Tax',
    ),
    doc_fee_taxable: unsure(false, 'Virginia DMV: the processing fee is not part of the sale price; not confirmed'),
    lease_method: unsure<LeaseTaxMethod>(
      'upfront_price',
      'Code of Virginia § 58.1-2402: the lessor pays the tax on the price at titling; not confirmed',
    ),
  }),
  rule('WA', 'Washington', {
    rate_percent: known(6.8, 'RCW 82.08.020: 6.5 % and the 0.3 % motor vehicle sales tax; Washington DOR', '2003-07-01'),
    trade_in: takesTrade('RCW 82.08.010(1)(a): trade-in deducted from the selling price'),
  }),
  rule('WV', 'West Virginia', {
    rate_percent: known(6, 'W. Va. Code § 17A-3-4: privilege tax 6 %; West Virginia DMV'),
    trade_in: takesTrade('W. Va. Code § 17A-3-4: price less trade-in'),
  }),
  rule('WI', 'Wisconsin', {
    rate_percent: known(5, 'Wis. Stat. § 77.52: 5 %; Wisconsin DOR, Publication 205', '1982-05-01'),
    trade_in: takesTrade('Wisconsin DOR, Publication 205: trade-in deducted'),
  }),
  rule('WY', 'Wyoming', {
    rate_percent: known(4, 'W.S. 39-15-104: 4 %; Wyoming Department of Revenue'),
    trade_in: takesTrade('Wyoming Department of Revenue, Sales tax on vehicles: trade-in deducted'),
  }),
];
