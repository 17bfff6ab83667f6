import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../shared/http/paging.js';
import {
  contactKindLabels,
  LEAD_OF_ANOTHER_AGENT,
  type ContactLog,
  type LeadDetail,
  type LeadItem,
  type LeadListQuery,
  type ManualLead,
  type ManualLeadOutcome,
} from '../../../shared/leads/schemas.js';
import type { ParsedLead } from '../../../shared/leads/types.js';
import type { Actor } from '../../auth/actor.js';
import { requireRole, seesAll, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { closeAnsweredLeadTasks } from '../tasks/index.js';
import { intakeLead } from './intake.js';

type Db = Kysely<DB>;
type Row = Omit<LeadDetail, 'received_at' | 'first_response_at' | 'alerted_at' | 'handled_at'> & {
  received_at: Date;
  first_response_at: Date | null;
  alerted_at: Date | null;
  handled_at: Date | null;
};

/**
 * Who sees a lead (`lead` names its row): admins and editors every one; an agent those given to them and those of
 * their own customers. A lead that could not be read has no agent yet, so only admins and editors see it. The leads
 * screens and the full export read through this one rule.
 */
export const leadVisible = (actor: Actor, lead: string): RawBuilder<SqlBool> =>
  seesAll(actor)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(${visibleTo(actor, `${lead}.assigned_user_id`)} OR EXISTS (
        SELECT 1 FROM customers rc WHERE rc.id = ${sql.ref(`${lead}.customer_id`)} AND ${visibleTo(actor, 'rc.user_id')}))`;

/** The prospect's name as the lead gave it, else its customer's (`lead` and `customer` name the joined rows). */
export const leadName = (lead: string, customer: string) =>
  sql<string | null>`coalesce(${sql.ref(`${lead}.parsed`)} -> 'customer' ->> 'name', ${sql.ref(`${customer}.name`)})`;

/** The vehicle the lead asks about as 'year make model', or null when it names none. */
export const leadVehicle = (lead: string) => {
  const part = (field: string) => sql`${sql.ref(`${lead}.parsed`)} -> 'vehicle' ->> ${sql.lit(field)}`;
  return sql<string | null>`nullif(concat_ws(' ', ${part('year')}, ${part('make')}, ${part('model')}), '')`;
};

/** The leads the actor may see, newest first. */
function leadsOf(db: Db, actor: Actor, where: ReturnType<typeof sql>, limit: number, withRaw = false) {
  return sql<Row>`
    SELECT l.id, l.received_at, l.source_name, l.channel, l.status, l.reason,
      ${leadName('l', 'c')} AS name, ${leadVehicle('l')} AS vehicle,
      CASE WHEN c.id IS NOT NULL THEN json_build_object('id', c.id, 'name', c.name) END AS customer,
      CASE WHEN a.id IS NOT NULL THEN json_build_object('id', a.id, 'name', a.name) END AS assigned_to,
      l.assignment_reason, l.first_response_at, r.name AS first_response_by, l.first_response_kind, l.alerted_at,
      l.handled_at, h.name AS handled_by ${withRaw ? sql`, l.raw` : sql``}
    FROM leads l
    LEFT JOIN customers c ON c.id = l.customer_id
    LEFT JOIN users a ON a.id = l.assigned_user_id
    LEFT JOIN users r ON r.id = l.first_response_by
    LEFT JOIN users h ON h.id = l.handled_by
    WHERE ${leadVisible(actor, 'l')} AND ${where}
    ORDER BY l.received_at DESC, l.id DESC
    LIMIT ${limit}`.execute(db);
}

const moment = (value: Date | null) => value?.toISOString() ?? null;
const toItem = ({ raw: _raw, ...row }: Row): LeadItem => ({
  ...row,
  received_at: row.received_at.toISOString(),
  first_response_at: moment(row.first_response_at),
  alerted_at: moment(row.alerted_at),
  handled_at: moment(row.handled_at),
});

/** Every lead, those waiting for a first answer, or those that could not be read; or one customer's. Paged. */
export async function listLeads(db: Db, actor: Actor, query: LeadListQuery): Promise<Page<LeadItem>> {
  const after = decodeCursor(query.cursor, 2);
  if (after && !(cursorValue.moment(after[0]) && cursorValue.uuid(after[1]))) throw badRequest('Invalid cursor');
  const conditions = [
    after ? sql`(l.received_at, l.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql`true`,
    query.view === 'waiting' ? sql`l.status = 'parsed' AND l.first_response_at IS NULL` : sql`true`,
    query.view === 'flagged' ? sql`l.status = 'flagged'` : sql`true`,
    query.customer ? sql`l.customer_id = ${query.customer}` : sql`true`,
  ];
  const { rows } = await leadsOf(db, actor, sql.join(conditions, sql` AND `), query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.received_at.toISOString(), row.id]);
  return { ...page, items: page.items.map(toItem) };
}

/** One lead with what arrived; one the actor may not see answers 404. */
export async function getLead(db: Db, actor: Actor, id: string): Promise<LeadDetail> {
  const { rows } = await leadsOf(db, actor, sql`l.id = ${id}`, 1, true);
  const row = rows[0];
  if (!row) throw notFound('Lead');
  return { ...toItem(row), raw: row.raw };
}

/** A lead that could not be read, dealt with by a person (entered by hand, or found to be no lead at all). */
export async function markLeadHandled(db: Db, actor: Actor, id: string): Promise<LeadDetail> {
  requireRole(actor, 'editor');
  const lead = await getLead(db, actor, id);
  if (lead.status !== 'flagged') throw badRequest('Only a lead that could not be read is marked as handled');
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('leads')
      .set({ handled_at: sql<Date>`now()`, handled_by: actor.userId })
      .where('id', '=', id)
      .where('handled_at', 'is', null)
      .execute();
    await publishChange(tx, 'leads', [lead.assigned_to?.id]);
  });
  return getLead(db, actor, id);
}

/**
 * A call, text, meeting or note with a lead's customer, written on their timeline. It is the lead's first answer when
 * none came before (the audit trigger of migration 025 reads it from the entry), and closes its first-response task.
 */
export async function logContact(db: Db, actor: Actor, id: string, input: ContactLog): Promise<LeadDetail> {
  const lead = await getLead(db, actor, id);
  if (!lead.customer) throw badRequest('This lead has no customer to reach yet');
  const customerId = lead.customer.id;
  await db.transaction().execute(async (tx) => {
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customerId,
      action: 'contact_logged',
      changes: { lead: id, kind: input.kind, label: contactKindLabels[input.kind], note: input.note },
    });
    await closeAnsweredLeadTasks(tx, actor, [customerId]);
    await publishChange(tx, 'leads', [lead.assigned_to?.id]);
  });
  return getLead(db, actor, id);
}

/**
 * 'Add Lead': the same intake as every other lead, kept by the agent who adds it. A person who is already another
 * agent's customer goes to that agent, who is told; the agent who added the lead learns only that much.
 */
export async function addLead(db: Db, actor: Actor, input: ManualLead): Promise<ManualLeadOutcome> {
  const { assigned_user_id: assignee, ...outcome } = await intakeLead(
    db,
    {
      source: { id: null, name: input.lead_source },
      channel: 'manual',
      raw: JSON.stringify(input),
      leadSource: input.lead_source,
      addedBy: actor,
    },
    personsLead(input),
  );
  if (!seesAll(actor) && assignee !== actor.userId) return { passed_on: true, message: LEAD_OF_ANOTHER_AGENT };
  return outcome;
}

/** A lead typed by a person (by hand or on the web form) in the shape an ADF prospect is read into. */
export function personsLead(input: Omit<ManualLead, 'lead_source'>): ParsedLead {
  return {
    request_date: null,
    customer: {
      name: input.name,
      first_name: null,
      last_name: null,
      email: input.email,
      phones: input.phone ? [{ type: null, number: input.phone }] : [],
      comments: input.comments,
    },
    vehicle:
      input.interest || input.budget_cents !== null
        ? {
            interest: 'buy',
            status: 'new',
            year: null,
            make: null,
            model: input.interest,
            vin: null,
            trim: null,
            price_cents: input.budget_cents,
          }
        : null,
    trade: null,
    vendor: { name: null, contact: null },
    provider: { name: null, service: null, url: null, email: null },
  };
}

/**
 * Tells the admins of every lead that has waited longer than the settings' answer time without a first answer, once
 * per lead. Returns how many leads were reported.
 */
export async function alertUnanswered(db: Db, minutes: number, now = new Date()): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // The leads now due, marked as reported, with their customer's and agent's names: one statement.
    const due = await tx
      .with('due', (w) =>
        w
          .updateTable('leads')
          .set({ alerted_at: now })
          .where('status', '=', 'parsed')
          .where('first_response_at', 'is', null)
          .where('alerted_at', 'is', null)
          .where('received_at', '<=', new Date(now.getTime() - minutes * 60_000))
          .returning(['id', 'source_name', 'customer_id', 'assigned_user_id']),
      )
      .selectFrom('due')
      .leftJoin('customers as c', 'c.id', 'due.customer_id')
      .leftJoin('users as u', 'u.id', 'due.assigned_user_id')
      .select(['due.source_name', 'due.customer_id', 'due.assigned_user_id', 'c.name as customer', 'u.name as agent'])
      .execute();
    for (const lead of due) {
      await notify(tx, null, {
        event: 'lead_unanswered',
        ownerIds: lead.assigned_user_id ? [lead.assigned_user_id] : [],
        title: 'Lead waiting',
        content: `${lead.customer ?? 'A lead'} from ${lead.source_name} has waited ${minutes} minutes for an answer${lead.agent ? ` from ${lead.agent}` : ''}.`,
        link: lead.customer_id ? `/customers/${lead.customer_id}` : '/leads?view=waiting',
      });
    }
    if (due.length > 0)
      await publishChange(
        tx,
        'leads',
        due.map((lead) => lead.assigned_user_id),
      );
    return due.length;
  });
}
