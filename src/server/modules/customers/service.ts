import { sql, type Kysely } from 'kysely';
import {
  CUSTOMER_LOOKUP_LIMIT,
  SUMMARY_BOUND,
  UNKNOWN_STAGE,
  type CustomerFilter,
  type CustomerInput,
  type CustomerListQuery,
  type CustomerSummaryQuery,
  type CustomerUpdate,
} from '../../../shared/customers/schemas.js';
import type {
  Customer,
  CustomerChoice,
  CustomerOption,
  CustomerSummary,
  NextTask,
  TimelineEntry,
} from '../../../shared/customers/types.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { badRequest, notFound, staleWrite } from '../../http/errors.js';
import type { Matches, Wire } from '../../http/wire.js';
import { batchOf, decodeCursor, keysetBatches, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { timeIn } from '../../../shared/common/time.js';
import { auditTimeline, changedFields, recordAudit } from '../../platform/audit.js';
import { getSetting } from '../../platform/settings.js';
import { documentKeysOf, removeDocumentFiles, type ErrorLog } from '../documents/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { escapeLike } from '../../db/like.js';
import { executePrepared } from '../../db/prepared-statements.js';
import { afterCursor, cursorOf, matchesFilter, sortSpecs, visibleReferrerName, resolveFilter } from './filters.js';
import { seesAll, visibleTo } from '../../auth/scope.js';
import { assertReferrer, insertCustomers, normalized } from './writer.js';
import { assertCustomerVisible } from './visible.js';
import { dueKey, lateOf, viewOf, type TaskClock } from '../../platform/task-due.js';
import { announce } from '../../platform/events.js';

export type CustomerRow = Row<'customers'>;

// The customer the API sends is exactly the table's row as JSON; a column added to one only fails the typecheck.
const _customerIsRow: Matches<Wire<CustomerRow>, Customer> = true;
void _customerIsRow;

export async function listCustomers(
  db: Kysely<DB>,
  actor: Actor,
  listQuery: CustomerListQuery,
): Promise<Page<CustomerRow & { open_tasks: number; next_task: NextTask | null }>> {
  const query = await resolveFilter(db, listQuery);
  const spec = sortSpecs[query.sort ?? 'newest'];
  const cursor = decodeCursor(query.cursor, 2);
  const page = db
    .selectFrom('customers')
    .selectAll()
    .select([
      openTasks.as('open_tasks'),
      nextTask({ today: query.today, time: timeIn(query.timeZone, new Date()) }).as('next_task'),
    ])
    .where((eb) => matchesFilter(eb, actor, query))
    .$if(cursor !== null, (qb) => qb.where(afterCursor(spec, cursor!)))
    .orderBy(`customers.${spec.key}`, spec.direction)
    .orderBy('customers.id', spec.direction)
    .limit(sql.lit(query.limit + 1));
  // The whole list in its order, as every visit opens it, is planned once per connection; a narrowed one each time.
  const { cursor: _cursor, limit: _limit, ...filter } = query;
  const rows = narrows(filter) ? await page.execute() : await executePrepared(db, page);
  return pageOf(rows, query.limit, (row) => cursorOf(spec, row));
}

// A listed customer's open tasks, each read by the customer's index on tasks: whoever sees the customer sees their
// tasks (see taskVisible). The next one is the first in My Tasks' order, in the section My Tasks shows it in.
const openTasks = sql<number>`(SELECT count(*)::int FROM tasks t WHERE t.customer_id = customers.id AND t.completed_at IS NULL)`;
const nextTask = (at: TaskClock) => sql<NextTask | null>`(
  SELECT json_build_object('id', t.id, 'type', t.type, 'title', t.title, 'due_date', to_char(t.due_date, 'YYYY-MM-DD'),
    'due_time', to_char(t.due_time, 'HH24:MI'), 'view', ${viewOf(at.today)}, 'late', ${lateOf(at)})
  FROM tasks t WHERE t.customer_id = customers.id AND t.completed_at IS NULL
  ORDER BY ${dueKey} LIMIT 1)`;

/** True when the filter narrows the list: any value set but the sort, `exact`, and the time zone and day it is read in. */
const narrows = ({
  sort: _sort,
  exact: _exact,
  timeZone: _zone,
  today: _today,
  ...conditions
}: CustomerSummaryQuery & { timeZone?: string; today?: string }) => Object.values(conditions).some(Boolean);

export async function summarizeCustomers(
  db: Kysely<DB>,
  actor: Actor,
  summaryQuery: CustomerSummaryQuery,
): Promise<CustomerSummary> {
  const query = await resolveFilter(db, summaryQuery);
  if (!narrows(query)) {
    // The whole list: the trigger-kept counts per owner and status, not the table.
    const counts = await db
      .selectFrom('customer_counts')
      .where(visibleTo(actor, 'customer_counts.user_id'))
      .select([
        sql<number>`coalesce(sum(n), 0)`.as('total'),
        sql<number>`coalesce(sum(n) filter (where status = 'active'), 0)`.as('active'),
        sql<number>`coalesce(sum(n) filter (where status = 'prospect'), 0)`.as('prospects'),
        sql<number>`coalesce(sum(n) filter (where status = 'inactive'), 0)`.as('inactive'),
      ])
      .executeTakeFirstOrThrow();
    return { ...counts, bound: null };
  }
  // Unless asked for the exact figures, counting stops one past the bound, so a broad search costs no more than a
  // narrow one; above it only the total is known ('1,000+'), the status figures stay unknown until counted.
  const counts = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('customers')
        .select('customers.status')
        .where((inner) => matchesFilter(inner, actor, query))
        .$if(!query.exact, (qb) => qb.limit(SUMMARY_BOUND + 1))
        .as('matches'),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where status = 'active')`.as('active'),
      sql<number>`count(*) filter (where status = 'prospect')`.as('prospects'),
      sql<number>`count(*) filter (where status = 'inactive')`.as('inactive'),
    ])
    .executeTakeFirstOrThrow();
  if (query.exact || counts.total <= SUMMARY_BOUND) return { ...counts, bound: null };
  return { total: counts.total, active: null, prospects: null, inactive: null, bound: SUMMARY_BOUND };
}

/**
 * Every customer of the filtered list, in its order, with the owning agent's name, for the CSV export: a batch at a
 * time through the list's own keyset paging.
 */
export async function eachCustomerForExport(db: Kysely<DB>, actor: Actor, exportFilter: CustomerFilter, batchSize = 1000) {
  const filter = await resolveFilter(db, exportFilter);
  const spec = sortSpecs[filter.sort ?? 'newest'];
  return keysetBatches(async (after: (string | number | null)[] | null) => {
    const rows = await db
      .selectFrom('customers')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .leftJoin('customers as referrer', 'referrer.id', 'customers.referred_by_customer_id')
      .selectAll('customers')
      .select(['users.name as owner_name', visibleReferrerName(actor, 'referrer').as('referrer_name')])
      .where((eb) => matchesFilter(eb, actor, filter))
      .$if(after !== null, (qb) => qb.where(afterCursor(spec, after!)))
      .orderBy(`customers.${spec.key}`, spec.direction)
      .orderBy('customers.id', spec.direction)
      .limit(batchSize)
      .execute();
    return batchOf(rows, batchSize, (last) => cursorOf(spec, last));
  });
}

/** A customer the actor may see, or 404 (another user's customer looks exactly like a missing one). */
export async function getCustomer(db: Kysely<DB>, actor: Actor, id: string) {
  const row = await db
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .leftJoin('customers as referrer', 'referrer.id', 'customers.referred_by_customer_id')
    .selectAll('customers')
    .select(['users.name as owner_name', visibleReferrerName(actor, 'referrer').as('referred_by_customer_name')])
    .where('customers.id', '=', id)
    .where(visibleTo(actor, 'customers.user_id'))
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

export async function createCustomer(db: Kysely<DB>, actor: Actor, input: CustomerInput): Promise<CustomerRow> {
  return db.transaction().execute(async (tx) => {
    const [written] = await insertCustomers(tx, actor, [{ ...input, user_id: actor.userId }], { origin: 'form' });
    return written!.row;
  });
}

export async function updateCustomer(db: Kysely<DB>, actor: Actor, id: string, input: CustomerUpdate): Promise<CustomerRow> {
  const { updated_at: loadedAt, ...fields } = input;
  const values = normalized(fields);
  return db.transaction().execute(async (tx) => {
    // Locking the row makes a second concurrent save wait, then see the first one's version and refuse.
    const before = await tx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', id)
      .where(visibleTo(actor, 'customers.user_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Customer');
    const loaded = Date.parse(loadedAt);
    if (Number.isNaN(loaded) || loaded !== before.updated_at.getTime()) throw staleWrite();
    await assertReferrer(tx, before.user_id, values.referred_by_customer_id, { id, kept: before.referred_by_customer_id });
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    const row = await tx
      .updateTable('customers')
      .set({ ...values, updated_at: sql<Date>`greatest(now(), customers.updated_at + interval '1 millisecond')` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { entityType: 'customer', entityId: id, action: 'updated', changes });
    // Marked inactive, the customer is lost: their action plan stops.
    if (row.status === 'inactive' && before.status !== 'inactive')
      await announce(tx, 'customerLost', { actor, customerIds: [id] });
    await publishChange(tx, 'customers', [row.user_id]);
    return row;
  });
}

/**
 * Deletes a customer the actor may edit, with their documents (rows now, files once that has committed). Deals keep
 * the customer's name but lose the link; customers they referred keep their name as the referrer. Audit rows stay.
 */
export async function deleteCustomer(db: Kysely<DB>, store: BlobStore, actor: Actor, id: string, log: ErrorLog) {
  const keys = await db.transaction().execute(async (tx) => {
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'name', 'user_id'])
      .where('id', '=', id)
      .where(visibleTo(actor, 'customers.user_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!customer) throw notFound('Customer');
    const keys = await documentKeysOf(tx, 'customer', id);
    const referrals = await tx
      .updateTable('customers')
      .set({
        referred_by_name: customer.name,
        updated_at: sql<Date>`greatest(now(), customers.updated_at + interval '1 millisecond')`,
      })
      .where('referred_by_customer_id', '=', id)
      .executeTakeFirst();
    const { deals } = await tx
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('deals'))
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow();
    await tx.deleteFrom('customers').where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: id,
      action: 'deleted',
      changes: {
        name: customer.name,
        documents: keys.length,
        deals_unlinked: Number(deals),
        referrals_kept: Number(referrals.numUpdatedRows),
      },
    });
    await publishChange(tx, 'customers', [customer.user_id]);
    return keys;
  });
  await removeDocumentFiles(store, keys, log);
}

/**
 * The deal form's customer search: any customer the actor may see whose name or e-mail holds `q` (the trigram indexes
 * of both), with whose they are, at most CUSTOMER_LOOKUP_LIMIT.
 */
export async function customerLookup(db: Kysely<DB>, actor: Actor, q: string | undefined): Promise<CustomerChoice[]> {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  return db
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .select(['customers.id', 'customers.name', 'customers.email', 'customers.phone', 'customers.user_id'])
    .select('users.name as owner_name')
    .where(visibleTo(actor, 'customers.user_id'))
    .$if(pattern !== null, (qb) =>
      qb.where((eb) => eb.or([eb('customers.name', 'ilike', pattern!), eb('customers.email', 'ilike', pattern!)])),
    )
    .orderBy('customers.name')
    .orderBy('customers.id')
    .limit(CUSTOMER_LOOKUP_LIMIT)
    .execute();
}

/**
 * The referral picker: the actor's own customers by name (spec §6), at most 20. Admins and editors editing another
 * user's customer pick among that owner's customers, the only valid referrers.
 */
export async function customerOptions(
  db: Kysely<DB>,
  actor: Actor,
  q: string | undefined,
  owner?: string,
): Promise<CustomerOption[]> {
  const ownerId = owner && seesAll(actor) ? owner : actor.userId;
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'phone'])
    .where('user_id', '=', ownerId)
    .$if(Boolean(q), (qb) => qb.where('name', 'ilike', `%${escapeLike(q!)}%`))
    .orderBy('name')
    .orderBy('id')
    .limit(20)
    .execute();
}

/** The customer's history from the audit log, newest first. */
export async function customerTimeline(db: Kysely<DB>, actor: Actor, id: string): Promise<TimelineEntry[]> {
  await assertCustomerVisible(db, actor, id);
  return auditTimeline(db, 'customer', id);
}

/** Moves a customer along the pipeline, to one of Settings → CRM's stages; the move is on their timeline. */
export async function setCustomerStage(db: Kysely<DB>, actor: Actor, id: string, stage: string): Promise<CustomerRow> {
  const { pipeline_stages } = await getSetting(db, 'crm');
  if (!pipeline_stages.includes(stage)) throw badRequest(UNKNOWN_STAGE, { stage: UNKNOWN_STAGE });
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('customers')
      .select(['id', 'pipeline_stage'])
      .where('id', '=', id)
      .where(visibleTo(actor, 'customers.user_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Customer');
    const from = before.pipeline_stage ?? pipeline_stages[0]!;
    const row = await tx
      .updateTable('customers')
      .set({ pipeline_stage: stage, updated_at: sql<Date>`greatest(now(), customers.updated_at + interval '1 millisecond')` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (from !== stage)
      await recordAudit(tx, actor, {
        entityType: 'customer',
        entityId: id,
        action: 'stage_changed',
        changes: { from, to: stage },
      });
    await publishChange(tx, 'customers', [row.user_id]);
    return row;
  });
}
