import { sql, type Kysely, type Transaction } from 'kysely';
import { customerInputSchema, type CustomerInput } from '../../../shared/customers/schemas.js';
import type { LeadSource as CustomerLeadSource } from '../../../shared/customers/options.js';
import type { InboundEmail } from '../../../shared/emails/schemas.js';
import type { AdfOutcome, IntakeOutcome, LeadChannel } from '../../../shared/leads/schemas.js';
import { vehicleLabel, type ParsedLead } from '../../../shared/leads/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { emailKey, phoneKeys } from '../customers/contact-keys.js';
import { notify } from '../notifications/service.js';
import { parseAdf } from './adf.js';

type Db = Kysely<DB>;
type Tx = Transaction<DB>;
/** Where a lead came from: a lead source of the settings (ADF, web form), or a name alone (mail, by hand). */
export type IntakeSource = { id: string | null; name: string };

/** One intake at a time decides who gets a lead: the rotation and "is this customer known" are read and written together. */
const INTAKE_LOCK = 0x6c_65_61_64;

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
 * not one, a budget out of range) is left out, and the lead keeps it as sent. `leadSource` is the source a person
 * picked, for a lead added by hand.
 */
function newCustomer(
  lead: ParsedLead,
  contact: ReturnType<typeof contactOf>,
  leadSource: CustomerLeadSource | null,
): CustomerInput {
  const interest = lead.vehicle ? vehicleLabel(lead.vehicle) : null;
  const candidate: Record<string, unknown> = {
    name: (lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'Lead').slice(0, 200),
    email: contact.email,
    phone: contact.phone?.shown ?? lead.customer.phones[0]?.number.slice(0, 40) ?? null,
    status: 'prospect',
    lead_source: leadSource,
    preferred_cars: interest ? [interest.slice(0, 40)] : [],
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
  return customerInputSchema.parse({ name: candidate.name, status: 'prospect', lead_source: leadSource });
}

export type Intake = {
  source: IntakeSource;
  channel: LeadChannel;
  /** The lead as it arrived (the XML, the mail, the form's fields as JSON), kept whatever is read from it. */
  raw: string;
  /** The Lead Source a person picked for a lead added by hand; other leads' customers keep the source they came from. */
  leadSource?: CustomerLeadSource;
  /** An agent who adds a lead by hand keeps it (unless the customer is already another active agent's). */
  addedBy?: Actor;
  /** The inbound e-mail it was found in. */
  emailId?: string;
};

/** Where a new customer came from: the lead source and how it arrived, unless a person added the lead by hand. */
const customerOrigin = ({ source, channel }: Intake) =>
  channel === 'manual' ? {} : { lead_source_name: source.name, lead_channel: channel };

/** Where a lead came from and what arrived, as its row keeps them. */
const origin = ({ source, channel, raw, emailId }: Intake) => ({
  source_id: source.id,
  source_name: source.name,
  channel,
  raw,
  email_id: emailId ?? null,
});

/** One prospect: joined to the customer it already is, or a new customer; given to an agent, with the reason. */
export async function intakeLead(db: Db, intake: Intake, lead: ParsedLead): Promise<IntakeOutcome> {
  const { source, channel, addedBy } = intake;
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
      const next =
        addedBy?.role === 'agent'
          ? { id: addedBy.userId, name: addedBy.name, reason: `added by ${addedBy.name}` }
          : await nextInRotation(tx);
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
          .values({ ...newCustomer(lead, contact, intake.leadSource ?? null), ...customerOrigin(intake), user_id: next.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        customerId = created.id;
      }
    }
    const row = await tx
      .insertInto('leads')
      .values({
        ...origin(intake),
        status: 'parsed',
        parsed: JSON.stringify(lead),
        customer_id: customerId,
        assigned_user_id: assignee?.id ?? null,
        assignment_reason: reason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const isNew = !known;
    await recordAudit(tx, addedBy ?? null, {
      entityType: 'customer',
      entityId: customerId,
      action: isNew ? 'created_from_lead' : 'lead_received',
      changes: { lead: row.id, source: source.name, channel, assigned_to: assignee?.name ?? null, reason },
    });
    const name = lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'A lead';
    await notify(tx, addedBy ?? null, {
      event: 'lead_received',
      ownerIds: assignee ? [assignee.id] : [],
      title: 'New lead',
      content: `${name} from ${source.name}${lead.vehicle?.model ? `, ${vehicleLabel(lead.vehicle)}` : ''}: ${reason}`,
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
async function flagLead(db: Db, intake: Intake, reason: string) {
  const { source } = intake;
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('leads')
      .values({ ...origin(intake), status: 'flagged', reason })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notify(tx, null, {
      event: 'lead_received',
      ownerIds: [],
      title: 'A lead needs a person',
      content: `A lead from ${source.name} could not be read (${reason}); it is kept as it arrived.`,
      link: '/leads?view=flagged',
    });
    return row.id;
  });
}

/** An ADF document from a source: every prospect becomes a lead, or the whole document one flagged lead. */
export async function receiveAdf(db: Db, source: IntakeSource, raw: string, mail?: { emailId: string }): Promise<AdfOutcome> {
  const intake: Intake = { source, channel: mail ? 'email' : 'adf', raw, emailId: mail?.emailId };
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

/** Whether a text holds an ADF document, raw or entity-escaped (as HTML mail carries it). */
const holdsAdf = (text: string) => /<\s*adf[\s>]|&lt;\s*adf[\s&]/i.test(text);

/** An XML attachment of a mail, by its type or its name. */
const isXmlAttachment = (attachment: { filename: string; content_type: string }) =>
  /xml|adf/i.test(attachment.content_type) || /\.(xml|adf)$/i.test(attachment.filename);

/**
 * The ADF documents of an inbound mail (its body, its XML attachments), each taken in as leads from a source named
 * after the sender. A mail already read (its leads exist) is not read twice. Returns the number of leads.
 */
export async function leadsInMail(db: Db, emailId: string, mail: Pick<InboundEmail, 'from' | 'text' | 'attachments'>) {
  const documents = [
    ...(holdsAdf(mail.text) ? [mail.text] : []),
    ...mail.attachments
      .filter(isXmlAttachment)
      .map((attachment) => Buffer.from(attachment.content, 'base64').toString('utf8'))
      .filter(holdsAdf),
  ].filter((text) => !text.includes('\0'));
  if (documents.length === 0) return 0;
  const earlier = await db.selectFrom('leads').select('id').where('email_id', '=', emailId).limit(1).executeTakeFirst();
  if (earlier) return 0;
  let count = 0;
  for (const document of documents) {
    const outcome = await receiveAdf(db, { id: null, name: mail.from.toLowerCase() }, document, { emailId });
    count += outcome.leads.length;
  }
  return count;
}

/** A web form's lead: through the same intake, with the form's fields kept as they were sent. */
export async function receiveWebLead(db: Db, source: IntakeSource, lead: ParsedLead, raw: string) {
  return intakeLead(db, { source, channel: 'form', raw }, lead);
}
