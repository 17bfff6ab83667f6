import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LeadSource as CustomerLeadSource } from '../../../shared/customers/options.js';
import type { InboundEmail } from '../../../shared/emails/schemas.js';
import {
  ADF_MAX_PROSPECTS,
  ADF_PROSPECTS_PER_MINUTE,
  ADF_TOO_MANY_PROSPECTS,
  adfSourceLimited,
  adfUnreadable,
  type AdfOutcome,
  type IntakeOutcome,
  type LeadChannel,
} from '../../../shared/leads/schemas.js';
import { vehicleLabel, type ParsedLead } from '../../../shared/leads/types.js';
import type { Actor } from '../../auth/actor.js';
import { hit } from '../../http/rate-limit.js';
import { seesAll } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { insertCustomers } from '../customers/index.js';
import { handCustomersTo } from '../customers/index.js';
import { notify } from '../../platform/notifications.js';
import { startPlanOn } from '../tasks/index.js';
import { addFirstResponseTask } from '../tasks/index.js';
import { parseAdf, type AdfResult } from './adf.js';
import { contactOf, knownCustomer, newCustomer, nextInRotation, vehicleOwner } from './assignment.js';
import type { Source } from './sources.js';

type Db = Kysely<DB>;
/** Where a lead came from: a lead source of the settings (ADF, web form), or a name alone (mail, by hand). */
export type IntakeSource = { id: string | null; name: string };

/** One intake at a time decides who gets a lead: the rotation and "is this customer known" are read and written together. */
const INTAKE_LOCK = 0x6c_65_61_64;

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
  /** The stocked vehicle it is about, when the lead came from that vehicle's own page. */
  vehicleId?: string;
  /** When it arrived: the database's clock unless given (a test's clock, the demo's week of leads). */
  receivedAt?: Date;
};

/** Where a new customer came from: the lead source and how it arrived, unless a person added the lead by hand. */
const customerOrigin = ({ source, channel }: Intake) =>
  channel === 'manual' ? {} : { lead_source_name: source.name, lead_channel: channel };

/** Where a lead came from and what arrived, as its row keeps them. */
const origin = ({ source, channel, raw, emailId, receivedAt }: Intake) => ({
  source_id: source.id,
  source_name: source.name,
  channel,
  raw,
  email_id: emailId ?? null,
  ...(receivedAt && { received_at: receivedAt }),
});

/** A lead taken in, with the id of the user it went to, which the service of 'Add Lead' needs and no answer carries. */
export type TakenLead = IntakeOutcome & { assigned_user_id: string | null };
const outcomeOf = ({ assigned_user_id: _assignee, ...outcome }: TakenLead): IntakeOutcome => outcome;

/** One prospect: joined to the customer it already is, or a new customer; given to an agent, with the reason. */
export async function intakeLead(db: Db, intake: Intake, lead: ParsedLead): Promise<TakenLead> {
  return db.transaction().execute((tx) => intakeLeadIn(tx, intake, lead));
}

/** `intakeLead` in the caller's transaction, for a change the lead is part of (a text filed as a lead). */
export async function intakeLeadIn(tx: Transaction<DB>, intake: Intake, lead: ParsedLead): Promise<TakenLead> {
  const { source, channel, addedBy } = intake;
  await sql`SELECT pg_advisory_xact_lock(${INTAKE_LOCK})`.execute(tx);
  const contact = contactOf(lead);
  const known = await knownCustomer(tx, contact);
  // Named before the lead is written, so a new customer's audit row can name it.
  const leadId = crypto.randomUUID();
  let customerId: string;
  let isNew = false;
  let assignee: { id: string; name: string } | null;
  let reason: string;
  // While each agent sells their own vehicles, a lead about one is its owner's to answer.
  const seller = await vehicleOwner(tx, intake.vehicleId ?? null, lead.vehicle?.vin ?? null);
  if (known?.owner_active) {
    customerId = known.id;
    assignee = { id: known.user_id, name: known.owner_name };
    // The owner is told who took the call of their customer.
    const by = addedBy && addedBy.userId !== known.user_id ? `, added by ${addedBy.name}` : '';
    const about = seller && seller.id !== known.user_id ? `; about a vehicle of ${seller.name}'s` : '';
    reason = `returning customer of ${known.owner_name}${by}${about}`;
  } else {
    const next =
      addedBy && !seesAll(addedBy)
        ? { id: addedBy.userId, name: addedBy.name, reason: `added by ${addedBy.name}` }
        : (seller ?? (await nextInRotation(tx)));
    assignee = next;
    reason = next
      ? known
        ? `returning customer of ${known.owner_name} (deactivated); ${next.reason}`
        : next.reason
      : 'no active user';
    if (known) {
      customerId = known.id;
      // The customer goes with the lead: an agent sees only their own customers.
      if (next)
        await handCustomersTo(
          tx,
          null,
          [{ id: known.id, user_id: known.user_id, name: known.name }],
          next,
          'their agent has left',
        );
    } else {
      if (!next) throw new Error('Torque has no active user to give a lead to');
      const assigned = next.name;
      const [written] = await insertCustomers(
        tx,
        addedBy ?? null,
        [{ ...newCustomer(lead, contact, intake.leadSource ?? null), ...customerOrigin(intake), user_id: next.id }],
        {
          origin: 'lead',
          // Known customers were matched above; this catches one added meanwhile without the intake's lock (the form).
          dedupe: true,
          audit: {
            action: 'created_from_lead',
            changes: () => ({ lead: leadId, source: source.name, channel, assigned_to: assigned, reason }),
          },
        },
      );
      customerId = written!.row.id;
      isNew = written!.created;
    }
  }
  const row = await tx
    .insertInto('leads')
    .values({
      id: leadId,
      ...origin(intake),
      status: 'parsed',
      parsed: JSON.stringify(lead),
      customer_id: customerId,
      assigned_user_id: assignee?.id ?? null,
      assignment_reason: reason,
    })
    .returning(['id', 'received_at'])
    .executeTakeFirstOrThrow();
  if (!isNew)
    await recordAudit(tx, addedBy ?? null, {
      entityType: 'customer',
      entityId: customerId,
      action: 'lead_received',
      changes: { lead: row.id, source: source.name, channel, assigned_to: assignee?.name ?? null, reason },
    });
  await addFirstResponseTask(tx, {
    id: row.id,
    customer_id: customerId,
    assignee_id: assignee?.id ?? null,
    received_at: row.received_at,
    source_name: source.name,
  });
  await startPlanOn(tx, 'lead', customerId, source.name);
  const name = lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'A lead';
  await notify(tx, addedBy ?? null, {
    event: 'lead_received',
    ownerIds: assignee ? [assignee.id] : [],
    title: 'New lead',
    content: `${name} from ${source.name}${lead.vehicle?.model ? `, ${vehicleLabel(lead.vehicle)}` : ''}: ${reason}`,
    link: `/customers/${customerId}`,
  });
  await publishChange(tx, 'leads', [assignee?.id]);
  return {
    id: row.id,
    customer_id: customerId,
    new_customer: isNew,
    assigned_to: assignee?.name ?? null,
    assigned_user_id: assignee?.id ?? null,
    assignment_reason: reason,
  };
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
    await publishChange(tx, 'leads', []);
    return row.id;
  });
}

/** A read ADF document taken in: every prospect becomes a lead, or the whole document one flagged lead. */
async function takeIn(db: Db, intake: Intake, result: AdfResult): Promise<AdfOutcome> {
  if (result.status !== 'parsed') {
    const id = await flagLead(db, intake, result.reason);
    return {
      status: 'flagged',
      reason: result.reason,
      leads: [{ id, customer_id: null, new_customer: false, assigned_to: null, assignment_reason: null }],
    };
  }
  const leads = [];
  for (const lead of result.leads) leads.push(outcomeOf(await intakeLead(db, intake, lead)));
  return { status: 'parsed', reason: null, leads };
}

/** A document of more prospects than one is allowed to carry is not taken in, so the work under the lock stays bounded. */
const tooMany = (result: AdfResult) => result.status === 'parsed' && result.leads.length > ADF_MAX_PROSPECTS;

/** Counted per prospect, not per document: each prospect is one transaction under the intake lock. */
const SOURCE_LIMIT = { max: ADF_PROSPECTS_PER_MINUTE, windowSeconds: 60 };

/** Counts prospects against the source's minute (in PostgreSQL, for every process); past its limit, refused. */
async function countProspects(db: Db, source: Source, prospects: number) {
  const wait = await hit(db, `lead-adf:${source.id}`, SOURCE_LIMIT, prospects);
  if (wait !== null) throw tooManyRequests(adfSourceLimited(wait), wait);
}

/**
 * An ADF document a source posts with its key. One that cannot be read at all, or carries too many prospects, is
 * refused with the reason and nothing is kept: the sender is told and can send it again. One read without a lead in
 * it is kept flagged. `receivedAt` dates a lead that arrived earlier (the demo's week of leads).
 */
export async function receivePostedAdf(db: Db, source: Source, raw: string, receivedAt?: Date): Promise<AdfOutcome> {
  // Counted once before it is read, so a source past its limit costs no parsing; its further prospects once read.
  await countProspects(db, source, 1);
  const result = parseAdf(raw);
  if (result.status === 'unreadable') throw badRequest(adfUnreadable(result.reason));
  if (tooMany(result)) throw new AppError(413, 'PAYLOAD_TOO_LARGE', ADF_TOO_MANY_PROSPECTS);
  if (result.status === 'parsed' && result.leads.length > 1) await countProspects(db, source, result.leads.length - 1);
  return takeIn(db, { source, channel: 'adf', raw, receivedAt }, result);
}

/** An ADF document found in inbound mail: what cannot be taken in is kept flagged, as nobody else would see it. */
async function receiveMailedAdf(db: Db, source: IntakeSource, raw: string, emailId: string) {
  const read = parseAdf(raw);
  const result: AdfResult = tooMany(read) ? { status: 'flagged', reason: ADF_TOO_MANY_PROSPECTS } : read;
  return takeIn(db, { source, channel: 'email', raw, emailId }, result);
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
    const outcome = await receiveMailedAdf(db, { id: null, name: mail.from.toLowerCase() }, document, emailId);
    count += outcome.leads.length;
  }
  return count;
}

/** A web form's lead: through the same intake, with the form's fields kept as they were sent. */
export async function receiveWebLead(db: Db, source: IntakeSource, lead: ParsedLead, raw: string, vehicleId?: string) {
  return outcomeOf(await intakeLead(db, { source, channel: 'form', raw, vehicleId }, lead));
}
