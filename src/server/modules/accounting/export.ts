import { readable } from '../../platform/readable-files.js';
import { salesStatus } from '../../../shared/deals/options.js';
import { commissionBasisLabels, type CommissionBasis } from '../../../shared/settings/schemas.js';
import { sql, type Kysely, type NotNull, type SqlBool } from 'kysely';
import { commissionCsvHeader, type CommissionReportQuery } from '../../../shared/accounting/schemas.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { csvChunks, csvDollars } from '../../http/csv.js';
import { batchOf, keysetBatches } from '../../http/paging.js';
import { newestDealsFirst, yearBounds, type DealKey } from '../deals/index.js';
import { yearOf } from './service.js';

/** The year's completed deals in the actor's scope, newest first, a batch at a time through (date, id). */
function completedDealsOfYear(db: Kysely<DB>, actor: Actor, year: number, batchSize = 1000) {
  const { from, to } = yearBounds(year);
  return keysetBatches(async (after: DealKey | null) => {
    const query = db
      .selectFrom('deals')
      .select([
        'deals.id',
        'deals.date',
        'deals.manufacturer',
        'deals.model',
        'deals.customer_name',
        'deals.contract_price_cents',
        'deals.broker_fee_cents',
        'deals.commission_rate',
        'deals.commission_cents',
      ])
      .$narrowType<{ commission_rate: NotNull; commission_cents: NotNull }>()
      .where('deals.status', '=', 'completed')
      .where(visibleTo(actor, 'deals.user_id'))
      .where('deals.date', '>=', from)
      .where('deals.date', '<', to);
    const rows = await newestDealsFirst(query, after, batchSize).execute();
    return batchOf(rows, batchSize, (last) => last);
  });
}

export type CommissionCsvRow = Pick<
  Row<'deals'>,
  'id' | 'date' | 'manufacturer' | 'model' | 'customer_name' | 'contract_price_cents' | 'broker_fee_cents'
> & { commission_rate: number; commission_cents: number };

/**
 * A completed deal as a line of the Reports' CSV: the specification's columns, money in dollars with cents, the rate
 * in percent with two decimals (a number, so a spreadsheet can compute with it).
 */
export const commissionCsvRow = (d: CommissionCsvRow) => [
  d.id,
  d.date,
  d.manufacturer,
  d.model,
  d.customer_name,
  csvDollars(d.contract_price_cents),
  csvDollars(d.broker_fee_cents),
  d.commission_rate.toFixed(2),
  csvDollars(d.commission_cents),
];

/** Reports' CSV: the year's completed deals in the actor's scope. */
export async function commissionCsv(db: Kysely<DB>, actor: Actor, query: CommissionReportQuery) {
  const year = await yearOf(db, query);
  return { year, csv: csvChunks([...commissionCsvHeader], completedDealsOfYear(db, actor, year), commissionCsvRow) };
}

/** The full export's `readable/commissions.csv`. */
export const commissionsReadable = readable<
  CommissionCsvRow & { agent_name: string; user_id: string; customer_id: string | null; commission_basis: CommissionBasis }
>({
  name: 'commissions',
  table: 'deals',
  about: 'Completed deals with the columns of the Reports’ commission export, each with its agent',
  header: [...commissionCsvHeader, 'Commission Basis', 'Agent', 'Agent ID', 'Customer ID'],
  select: () => sql`SELECT t.* FROM deals t`,
  only: sql<SqlBool>`t.status = ${salesStatus}`,
  line: () => (d) => [...commissionCsvRow(d), commissionBasisLabels[d.commission_basis], d.agent_name, d.user_id, d.customer_id],
});
