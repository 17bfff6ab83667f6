import { readable } from '../../platform/readable-files.js';
import { inventoryVisibleTo } from '../../auth/scope.js';
import type { Kysely } from 'kysely';
import type { DealAnalyticsTab } from '../../../shared/analytics/deal-analytics.js';
import { dealClassificationLabels, dealStatusLabels } from '../../../shared/deals/options.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { sql } from 'kysely';
import { csvChunks, csvDollars, csvMoment } from '../../http/csv.js';
import { batchOf, keysetBatches } from '../../http/paging.js';
import { newestDealsFirst, scopeDeals, yearBounds, type DealKey } from '../deals/index.js';
import { businessClock } from '../../platform/time.js';
import { dealAnalytics } from './deal-analytics.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

async function* once<T>(rows: T[]) {
  yield rows;
}

/** The Deal Analytics tab on screen, as CSV chunks: the same rows and columns. */
export async function exportDealAnalytics(db: Kysely<DB>, actor: Actor, year: number | undefined, tab: DealAnalyticsTab) {
  if (tab === 'deals') {
    const selected = year ?? (await businessClock(db)).year;
    return { year: selected, csv: individualDealsCsv(db, actor, selected) };
  }
  const analytics = await dealAnalytics(db, actor, year);
  if (tab === 'manufacturer') {
    const csv = csvChunks(
      ['Manufacturer', 'Units', 'Gross Sales', 'Broker Fees', 'Avg Deal Size', 'Avg Broker Fee', 'Market Share'],
      once(analytics.by_manufacturer),
      (m) => [
        m.manufacturer,
        m.units,
        csvDollars(m.gross_cents),
        csvDollars(m.fees_cents),
        csvDollars(m.average_deal_cents),
        csvDollars(m.average_fee_cents),
        percent(m.share),
      ],
    );
    return { year: analytics.year, csv };
  }
  const csv = csvChunks(['Month', 'Units', 'Sales', 'Broker Fees', 'Average', 'Change (%)'], once(analytics.monthly), (m) => [
    m.month,
    m.units,
    csvDollars(m.gross_cents),
    csvDollars(m.fees_cents),
    csvDollars(m.average_deal_cents),
    // A number, not '+12.5%', so spreadsheets can sum it and the CSV guard does not quote it as a formula.
    m.change === null ? '' : Number((m.change * 100).toFixed(1)),
  ]);
  return { year: analytics.year, csv };
}

/** The year's deals, newest first, a batch at a time through (date, id). */
function dealsOfYear(db: Kysely<DB>, actor: Actor, year: number, batchSize = 1000) {
  const { from, to } = yearBounds(year);
  return keysetBatches(async (after: DealKey | null) => {
    const query = scopeDeals(
      db
        .selectFrom('deals')
        .select([
          'deals.id',
          'deals.date',
          'deals.year',
          'deals.manufacturer',
          'deals.model',
          'deals.customer_name',
          'deals.contract_price_cents',
          'deals.monthly_payment_cents',
          'deals.broker_fee_cents',
          'deals.deal_classification',
          'deals.status',
          'deals.agent_name',
        ])
        .where('deals.date', '>=', from)
        .where('deals.date', '<', to),
      actor,
    );
    const rows = await newestDealsFirst(query, after, batchSize).execute();
    return batchOf(rows, batchSize, (last) => last);
  });
}

export const dealCsvHeader = [
  'Deal ID',
  'Date',
  'Vehicle',
  'Customer',
  'Contract Price',
  'Monthly Payment',
  'Broker Fee',
  'Classification',
  'Status',
  'Agent',
];

export type DealCsvRow = Pick<
  Row<'deals'>,
  | 'id'
  | 'date'
  | 'year'
  | 'manufacturer'
  | 'model'
  | 'customer_name'
  | 'contract_price_cents'
  | 'monthly_payment_cents'
  | 'broker_fee_cents'
  | 'deal_classification'
  | 'status'
  | 'agent_name'
>;

/** A deal as a line of the Individual Deals CSV: dollars with cents, classification and status as the screens name them. */
export const dealCsvRow = (d: DealCsvRow) => [
  d.id,
  d.date,
  `${d.year} ${d.manufacturer} ${d.model}`,
  d.customer_name,
  csvDollars(d.contract_price_cents),
  d.monthly_payment_cents === null ? 'N/A' : csvDollars(d.monthly_payment_cents),
  csvDollars(d.broker_fee_cents),
  d.deal_classification ? dealClassificationLabels[d.deal_classification] : 'Not specified',
  dealStatusLabels[d.status],
  d.agent_name,
];

const individualDealsCsv = (db: Kysely<DB>, actor: Actor, year: number) =>
  csvChunks(dealCsvHeader, dealsOfYear(db, actor, year), dealCsvRow);

type DealLine = DealCsvRow & {
  created_at: Date;
  updated_at: Date;
  user_id: string;
  customer_id: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  notes: string | null;
  linked_vehicle_id: string | null;
  vin: string | null;
};

/** The full export's `readable/deals.csv`. */
export const dealsReadable = readable<DealLine>({
  name: 'deals',
  table: 'deals',
  about: 'Deals with the columns of Deal Analytics’ Individual Deals export, the inventory vehicle’s VIN when linked',
  header: [
    ...dealCsvHeader,
    'Customer Email',
    'Customer Phone',
    'VIN',
    'Notes',
    'Created',
    'Last Updated',
    'Customer ID',
    'Vehicle ID',
    'Agent ID',
  ],
  // The linked vehicle as the deal's page shows it: only one the actor may see.
  select: (actor) => sql`
    SELECT t.*, v.id AS linked_vehicle_id, v.vin FROM deals t
    LEFT JOIN vehicles v ON v.id = t.vehicle_id AND ${inventoryVisibleTo(actor, 'v.user_id')}`,
  line: (timeZone) => {
    const moment = csvMoment(timeZone);
    return (d) => [
      ...dealCsvRow(d),
      d.customer_email,
      d.customer_phone,
      d.vin,
      d.notes,
      moment(d.created_at),
      moment(d.updated_at),
      d.customer_id,
      d.linked_vehicle_id,
      d.user_id,
    ];
  },
});
