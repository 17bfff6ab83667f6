import { sql, type Kysely } from 'kysely';
import { paymentSummary, worksheetFigures } from '../../../shared/desking/figures.js';
import { localRatesOf, type DeskingSettings } from '../../../shared/desking/settings.js';
import { ruleOf, STATE_NOT_LISTED, type StateTaxRule } from '../../../shared/desking/tax.js';
import type { DealWorksheet, WorksheetFigures } from '../../../shared/desking/types.js';
import {
  DESK_CLOSED,
  LOCALITY_NOT_LISTED,
  worksheetFields,
  type Worksheet,
  type WorksheetSave,
} from '../../../shared/desking/worksheet.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { badRequest, conflict, notFound, staleWrite } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { findVisibleDeal, scopeDeals } from '../deals/index.js';
import { getSetting } from '../../platform/settings.js';

type Db = Kysely<DB>;

/** A deal's first worksheet, never saved: its contract price, the default state and that state's default fees, cash. */
export function draftOf(deal: Row<'deals'>, desking: DeskingSettings): { state: string; worksheet: Worksheet } {
  const state = desking.default_state;
  return {
    state,
    worksheet: {
      selling_price_cents: deal.contract_price_cents,
      msrp_cents: null,
      rebates: [],
      fees: desking.fees
        .filter((fee) => fee.state === null || fee.state === state)
        .map(({ name, amount_cents, taxable, kind }) => ({ name, amount_cents, taxable, kind })),
      products: [],
      trade_ins: [],
      cash_down_cents: 0,
      local_tax_rate_percent: 0,
      locality: null,
      structure: { kind: 'cash' },
      broker_fee_cents: deal.broker_fee_cents,
      options: [],
    },
  };
}

/** The worksheet with the state's rule in force and its figures (none without a rule), as the API returns it. */
function viewOf(dealId: string, state: string, worksheet: Worksheet, updatedAt: Date | null) {
  const rule = ruleOf(state);
  return viewWith(dealId, state, worksheet, rule, rule ? worksheetFigures(worksheet, rule) : null, updatedAt);
}

const viewWith = (
  dealId: string,
  state: string,
  worksheet: Worksheet,
  rule: StateTaxRule | null,
  figures: WorksheetFigures | null,
  updatedAt: Date | null,
): DealWorksheet => ({ deal_id: dealId, state, worksheet, rule, figures, updated_at: updatedAt?.toISOString() ?? null });

/**
 * The deal's contract price, monthly payment, broker fee and F&I products are read from its worksheet, never typed
 * twice: the selling price, the payment of the way the customer pays (none for cash), the broker's fee, and what the
 * products sell for and cost the store (their difference is the deal's back-end gross). A change is audited on the
 * deal like an edit.
 */
export function dealFollowsWorksheet(tx: Db, actor: Actor, deal: Row<'deals'>, worksheet: Worksheet, figures: WorksheetFigures) {
  return dealFollowsFigures(tx, actor, deal, {
    contract_price_cents: worksheet.selling_price_cents,
    monthly_payment_cents: paymentSummary(figures).monthly_cents,
    broker_fee_cents: worksheet.broker_fee_cents,
    products_cents: worksheet.products.reduce((sum, product) => sum + product.price_cents, 0),
    products_cost_cents: worksheet.products.reduce((sum, product) => sum + product.cost_cents, 0),
  });
}

type DeskedFigures = Pick<Row<'deals'>, 'contract_price_cents' | 'monthly_payment_cents' | 'broker_fee_cents'> &
  Partial<Pick<Row<'deals'>, 'products_cents' | 'products_cost_cents'>> & {
    status?: Row<'deals'>['status'];
  };

/** Sets the deal's figures the desk decides (and a status a customer's acceptance moves), audited as an edit. */
export async function dealFollowsFigures(tx: Db, actor: Actor | null, deal: Row<'deals'>, values: DeskedFigures) {
  const changes = changedFields(deal, values);
  if (Object.keys(changes).length === 0) return;
  await tx
    .updateTable('deals')
    .set({ ...values, updated_at: sql<Date>`greatest(clock_timestamp(), deals.updated_at + interval '1 millisecond')` })
    .where('id', '=', deal.id)
    .execute();
  await recordAudit(tx, actor, { entityType: 'deal', entityId: deal.id, action: 'updated', changes });
}

/**
 * A worksheet as saved, with the defaults of fields added since (a broker fee, options to present): the schema
 * checked it when it was saved; a worksheet the schema of today would refuse is read as it was kept.
 */
export function storedWorksheet(stored: unknown): Worksheet {
  const read = worksheetFields.safeParse(stored);
  return read.success ? read.data : (stored as Worksheet);
}

/** The deal's worksheet, or the draft it starts with; a deal the actor may not see answers 404. */
export async function getWorksheet(db: Db, actor: Actor, dealId: string): Promise<DealWorksheet> {
  const deal = await findVisibleDeal(db, actor, dealId);
  const [row, desking] = await Promise.all([
    db.selectFrom('deal_worksheets').selectAll().where('deal_id', '=', dealId).executeTakeFirst(),
    getSetting(db, 'desking'),
  ]);
  if (!row) {
    const draft = draftOf(deal, desking);
    return viewOf(dealId, draft.state, draft.worksheet, null);
  }
  return viewOf(dealId, row.state, storedWorksheet(row.worksheet), row.updated_at);
}

/**
 * A completed deal's worksheet is what was signed: it is read only, and no quote, offer or acceptance changes it
 * (409, saying so).
 */
export function requireOpenDesk(deal: Pick<Row<'deals'>, 'status'>) {
  if (deal.status === 'completed') throw conflict(DESK_CLOSED);
}

/**
 * The worksheet with its county or city rate as the admins list it: a named locality must be one of the state's, and
 * its rate is the listed one; a rate typed without a name stands as typed.
 */
function withListedLocality(save: WorksheetSave, desking: DeskingSettings): Worksheet {
  const { worksheet } = save;
  if (worksheet.locality === null) return worksheet;
  const listed = localRatesOf(desking, save.state).find((rate) => rate.name === worksheet.locality);
  if (!listed) throw badRequest(LOCALITY_NOT_LISTED, { 'worksheet.locality': LOCALITY_NOT_LISTED });
  return { ...worksheet, local_tax_rate_percent: listed.rate_percent };
}

/** The deal the actor may see and change, locked for the change; else 404. */
export async function lockedDeal(tx: Db, actor: Actor, dealId: string) {
  const deal = await scopeDeals(tx.selectFrom('deals').selectAll('deals').where('deals.id', '=', dealId), actor)
    .forUpdate()
    .executeTakeFirst();
  if (!deal) throw notFound('Deal');
  return deal;
}

/**
 * Saves the worksheet of an open deal the actor may edit, figured with the rule of its state. `updated_at` is the
 * version the desk read (null for a first save): a worksheet saved by someone else since answers 409.
 */
export async function saveWorksheet(db: Db, actor: Actor, dealId: string, input: WorksheetSave): Promise<DealWorksheet> {
  return db.transaction().execute(async (tx) => {
    const deal = await lockedDeal(tx, actor, dealId);
    requireOpenDesk(deal);
    const rule = ruleOf(input.state);
    if (!rule) throw badRequest(STATE_NOT_LISTED, { state: STATE_NOT_LISTED });
    const worksheet = withListedLocality(input, await getSetting(tx, 'desking'));
    const before = await tx.selectFrom('deal_worksheets').select('updated_at').where('deal_id', '=', dealId).executeTakeFirst();
    const version = input.updated_at === null ? null : new Date(input.updated_at).getTime();
    if (version !== (before?.updated_at.getTime() ?? null)) throw staleWrite();

    const values = { state: input.state, worksheet: JSON.stringify(worksheet), updated_by: actor.userId };
    const saved = await tx
      .insertInto('deal_worksheets')
      .values({ deal_id: dealId, ...values })
      .onConflict((oc) =>
        oc.column('deal_id').doUpdateSet({
          ...values,
          // Strictly later than the version replaced, even for two saves within one millisecond.
          updated_at: sql<Date>`greatest(clock_timestamp(), deal_worksheets.updated_at + interval '1 millisecond')`,
        }),
      )
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    const figures = worksheetFigures(worksheet, rule);
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'worksheet_saved',
      changes: {
        state: input.state,
        structure: worksheet.structure.kind,
        selling_price_cents: worksheet.selling_price_cents,
        amount_financed_cents: figures.totals.amount_financed_cents,
      },
    });
    await dealFollowsWorksheet(tx, actor, deal, worksheet, figures);
    await publishChange(tx, 'deals', [deal.user_id]);
    return viewWith(dealId, input.state, worksheet, rule, figures, saved.updated_at);
  });
}
