import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ADF_PATH,
  type AdfOutcome,
  type CreatedLeadSource,
  type LeadSource,
  type LeadSourceInput,
} from '../../../shared/leads/schemas.js';
import { customerInputSchema, type CustomerInput } from '../../../shared/customers/schemas.js';
import type { ParsedLead } from '../../../shared/leads/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import { notify } from '../notifications/service.js';
import { parseAdf } from './adf.js';
import { emailKey, phoneKeys } from '../customers/contact-keys.js';

type Db = Kysely<DB>;
type Tx = Transaction<DB>;
type Source = { id: string; name: string };

/** One intake at a time decides who gets a lead: the rotation and "is this customer known" are read and written together. */
const INTAKE_LOCK = 0x6c_65_61_64;

const DUPLICATE_SOURCE = 'A lead source with this name already exists';

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function mayManage(actor: Actor) {
  if (actor.role !== 'admin') throw forbidden('Only admins can manage lead sources');
}

export async function listLeadSources(db: Db, actor: Actor): Promise<LeadSource[]> {
  mayManage(actor);
  const rows = await db
    .selectFrom('lead_sources as s')
    .select((eb) => [
      's.id',
      's.name',
      's.created_at',
      eb.selectFrom('leads').select(eb.fn.countAll<number>().as('n')).whereRef('leads.source_id', '=', 's.id').as('leads'),
      eb
        .selectFrom('leads')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('leads.source_id', '=', 's.id')
        .where('leads.status', '=', 'flagged')
        .as('flagged'),
    ])
    .orderBy('s.name')
    .execute();
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), leads: Number(r.leads), flagged: Number(r.flagged) }));
}

/** A new source and its key, shown this once: only the key's hash is kept. */
export async function createLeadSource(db: Db, actor: Actor, input: LeadSourceInput): Promise<CreatedLeadSource> {
  mayManage(actor);
  const key = crypto.randomBytes(24).toString('base64url');
  const row = await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('lead_sources')
      .values({ name: input.name, key_hash: hashKey(key), created_by: actor.userId })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirst();
    if (!created) throw new AppError(409, 'CONFLICT', DUPLICATE_SOURCE, { name: DUPLICATE_SOURCE });
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: created.id,
      action: 'lead_source_created',
      changes: { name: created.name },
    });
    return created;
  });
  return { ...row, created_at: row.created_at.toISOString(), leads: 0, flagged: 0, key, path: `${ADF_PATH}?key=${key}` };
}

export async function deleteLeadSource(db: Db, actor: Actor, id: string) {
  mayManage(actor);
  await db.transaction().execute(async (tx) => {
    const gone = await tx.deleteFrom('lead_sources').where('id', '=', id).returning('name').executeTakeFirst();
    if (!gone) throw notFound('Lead source');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: id,
      action: 'lead_source_deleted',
      changes: { name: gone.name },
    });
  });
}

/** The source a key belongs to, or null. */
export async function sourceForKey(db: Db, key: string | undefined): Promise<Source | null> {
  if (!key) return null;
  return (
    (await db.selectFrom('lead_sources').select(['id', 'name']).where('key_hash', '=', hashKey(key)).executeTakeFirst()) ?? null
  );
}

/** A lead's e-mail and phone as customers are matched on: lower-case e-mail; the phone in E.164 and as stored digits. */
function contactOf(lead: ParsedLead) {
  return {
    email: emailKey(lead.customer.email),
    phone: lead.customer.phones.map((p) => phoneKeys(p.number)).find(Boolean) ?? null,
  };
}

/** The earliest customer with this e-mail or phone, with their agent (and whether that agent is still active). */
async function knownCustomer(tx: Tx, contact: ReturnType<typeof contactOf>) {
  if (!contact.email && !contact.phone) return null;
  return tx
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .select([
      'customers.id',
      'customers.user_id',
      'users.name as owner_name',
      sql<boolean>`users.banned IS NOT TRUE`.as('owner_active'),
    ])
    .where((eb) =>
      eb.or([
        ...(contact.email ? [eb(eb.fn('lower', ['customers.email']), '=', contact.email)] : []),
        ...(contact.phone ? [eb(sql`regexp_replace(customers.phone, '\\D', '', 'g')`, 'in', contact.phone.digits)] : []),
      ]),
    )
    .orderBy('customers.created_at')
    .orderBy('customers.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The active agent longest without a new customer's lead (one who never had one first), moved to the back of the
 * rotation; with no active agent, the first active admin. Deactivated users are never chosen.
 */
async function nextInRotation(tx: Tx): Promise<{ id: string; name: string; reason: string } | null> {
  const agent = await tx
    .selectFrom('users')
    .leftJoin('lead_rotation', 'lead_rotation.user_id', 'users.id')
    .select(['users.id', 'users.name'])
    .where('users.role', '=', 'agent')
    .where(sql<boolean>`users.banned IS NOT TRUE`)
    .orderBy(sql`lead_rotation.assigned_at ASC NULLS FIRST`)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
  if (agent) {
    await tx
      .insertInto('lead_rotation')
      .values({ user_id: agent.id, assigned_at: sql<Date>`clock_timestamp()` })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ assigned_at: sql<Date>`clock_timestamp()` }))
      .execute();
    return { ...agent, reason: 'next in rotation' };
  }
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role', '=', 'admin')
    .where(sql<boolean>`banned IS NOT TRUE`)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return admin ? { ...admin, reason: 'no active agent, so an admin' } : null;
}

/**
 * The customer a new lead becomes, checked by the customer form's own schema: a value it refuses (an e-mail that is
 * not one, a budget out of range) is left out, and the lead keeps it as sent.
 */
function newCustomer(lead: ParsedLead, contact: ReturnType<typeof contactOf>): CustomerInput {
  const candidate: Record<string, unknown> = {
    name: (lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'Lead').slice(0, 200),
    email: contact.email,
    phone: contact.phone?.shown ?? lead.customer.phones[0]?.number.slice(0, 40) ?? null,
    status: 'prospect',
    lead_source: 'Website',
    budget_cents: lead.vehicle?.price_cents ?? null,
    notes: lead.customer.comments?.slice(0, 5000) ?? null,
  };
  for (let tries = 0; tries < 10; tries++) {
    const checked = customerInputSchema.safeParse(candidate);
    if (checked.success) return checked.data;
    const field = String(checked.error.issues[0]!.path[0]);
    if (field === 'name') candidate.name = 'Lead';
    else delete candidate[field];
  }
  return customerInputSchema.parse({ name: candidate.name, status: 'prospect', lead_source: 'Website' });
}

type Intake = { source: Source; channel: 'adf'; raw: string };

/** One prospect: joined to the customer it already is, or a new customer; given to an agent, with the reason. */
async function intakeLead(db: Db, { source, channel, raw }: Intake, lead: ParsedLead): Promise<AdfOutcome['leads'][number]> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${INTAKE_LOCK})`.execute(tx);
    const contact = contactOf(lead);
    const known = await knownCustomer(tx, contact);
    let customerId: string;
    let assignee: { id: string; name: string } | null;
    let reason: string;
    if (known?.owner_active) {
      customerId = known.id;
      assignee = { id: known.user_id, name: known.owner_name };
      reason = `returning customer of ${known.owner_name}`;
    } else {
      const next = await nextInRotation(tx);
      assignee = next;
      reason = next
        ? known
          ? `returning customer of ${known.owner_name} (deactivated); ${next.reason}`
          : next.reason
        : 'no active user';
      if (known) {
        customerId = known.id;
        // The customer goes with the lead: an agent sees only their own customers.
        if (next) await tx.updateTable('customers').set({ user_id: next.id }).where('id', '=', known.id).execute();
      } else {
        if (!next) throw new Error('Torque has no active user to give a lead to');
        const created = await tx
          .insertInto('customers')
          .values({ ...newCustomer(lead, contact), user_id: next.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        customerId = created.id;
      }
    }
    const row = await tx
      .insertInto('leads')
      .values({
        source_id: source.id,
        source_name: source.name,
        channel,
        status: 'parsed',
        raw,
        parsed: JSON.stringify(lead),
        customer_id: customerId,
        assigned_user_id: assignee?.id ?? null,
        assignment_reason: reason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const isNew = !known;
    await recordAudit(tx, null, {
      entityType: 'customer',
      entityId: customerId,
      action: isNew ? 'created_from_lead' : 'lead_received',
      changes: { lead: row.id, source: source.name, assigned_to: assignee?.name ?? null, reason },
    });
    const name = lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'A lead';
    await notify(tx, null, {
      event: 'lead_received',
      ownerIds: assignee ? [assignee.id] : [],
      title: 'New lead',
      content: `${name} from ${source.name}${lead.vehicle?.model ? `, ${[lead.vehicle.year, lead.vehicle.make, lead.vehicle.model].filter(Boolean).join(' ')}` : ''}: ${reason}`,
      link: `/customers/${customerId}`,
    });
    return {
      id: row.id,
      customer_id: customerId,
      new_customer: isNew,
      assigned_to: assignee?.name ?? null,
      assignment_reason: reason,
    };
  });
}

/** A lead that could not be read: kept raw for a person, and the admins told. */
async function flagLead(db: Db, { source, channel, raw }: Intake, reason: string) {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('leads')
      .values({ source_id: source.id, source_name: source.name, channel, status: 'flagged', reason, raw })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notify(tx, null, {
      event: 'lead_received',
      ownerIds: [],
      title: 'A lead needs a person',
      content: `A lead from ${source.name} could not be read (${reason}); it is kept as it arrived.`,
      link: null,
    });
    return row.id;
  });
}

/** An ADF document from a source: every prospect becomes a lead, or the whole document one flagged lead. */
export async function receiveAdf(db: Db, source: Source, raw: string): Promise<AdfOutcome> {
  const intake: Intake = { source, channel: 'adf', raw };
  const result = parseAdf(raw);
  if (result.status === 'flagged') {
    const id = await flagLead(db, intake, result.reason);
    return {
      status: 'flagged',
      reason: result.reason,
      leads: [{ id, customer_id: null, new_customer: false, assigned_to: null, assignment_reason: null }],
    };
  }
  const leads = [];
  for (const lead of result.leads) leads.push(await intakeLead(db, intake, lead));
  return { status: 'parsed', reason: null, leads };
}
