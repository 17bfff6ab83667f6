import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { signingConsent, turns18On, PNG_DATA_URL, type AgreementSubmit } from '../../../shared/cosigners/schemas.js';
import type { MinorAgreement, SignatureRecord } from '../../../shared/cosigners/types.js';
import type { Page } from '../../../shared/http/paging.js';
import { toCents } from '../../../shared/money.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { momentIdCursor, newestFirstKey, olderThan, pageOf } from '../../http/paging.js';
import { pendingKey, type BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { assertCustomerVisible } from '../customers/index.js';
import { insertCustomers } from '../customers/index.js';
import { getSetting } from '../../platform/settings.js';
import { dayIn } from '../../../shared/common/time.js';

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const signatureBytes = (image: string) => Buffer.from(PNG_DATA_URL.exec(image)![1]!, 'base64');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Refuses a signature that is not a PNG of a sensible size: the pad draws one a few hundred pixels wide. */
function signaturePng(image: string, who: string): Buffer {
  const bytes = signatureBytes(image);
  const valid = bytes.length > 33 && bytes.subarray(0, 8).equals(PNG_MAGIC);
  const width = valid ? bytes.readUInt32BE(16) : 0;
  const height = valid ? bytes.readUInt32BE(20) : 0;
  if (!valid || width < 50 || height < 20 || width > 4000 || height > 2000) {
    throw badRequest(`The ${who} signature is not a drawn signature`);
  }
  return bytes;
}

type Request = { ip: string; userAgent: string };
type Deps = { store: BlobStore; instanceId: string };

/** The row as the panel lists it: with the agent's and the customer's names. */
const listed = (db: Kysely<DB>) =>
  db
    .selectFrom('minor_agreements as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .select([
      'a.id',
      'a.user_id',
      'u.name as agent_name',
      'a.customer_id',
      'c.name as customer_name',
      'a.deal_id',
      'a.corrects_id',
      'a.minor_name',
      'a.minor_age',
      'a.minor_email',
      'a.minor_phone',
      'a.parent_name',
      'a.parent_email',
      'a.parent_phone',
      'a.parent_relationship',
      'a.vehicle_details',
      'a.deal_amount_cents',
      'a.notes',
      sql<string>`to_char(a.deal_date, 'YYYY-MM-DD')`.as('deal_date'),
      sql<string>`to_char(a.turns_18_on, 'YYYY-MM-DD')`.as('turns_18_on'),
      'a.original_file_name',
      'a.original_sha256',
      'a.sealed_sha256',
      'a.sealed_size',
      'a.parent_signature',
      'a.minor_signature',
      'a.created_at',
    ]);

type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;
const toApi = (row: ListedRow): MinorAgreement => ({
  ...row,
  parent_signature: row.parent_signature as SignatureRecord,
  minor_signature: row.minor_signature as SignatureRecord,
  created_at: row.created_at.toISOString(),
});

/** The agreements the actor may see (agents their own), newest first. */
export async function listAgreements(
  db: Kysely<DB>,
  actor: Actor,
  query: { limit: number; cursor?: string },
): Promise<Page<MinorAgreement>> {
  const cursor = momentIdCursor(query.cursor);
  const rows = await listed(db)
    .where(visibleTo(actor, 'a.user_id'))
    .$if(cursor !== null, (qb) => qb.where(olderThan(cursor!, 'a')))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, newestFirstKey);
  return { items: page.items.map(toApi), nextCursor: page.nextCursor };
}

/** The customer the agreement belongs to: the one chosen, or a new customer for the minor. */
async function customerFor(tx: Transaction<DB>, actor: Actor, input: AgreementSubmit): Promise<string> {
  if (input.customer_id) {
    await assertCustomerVisible(tx, actor, input.customer_id);
    return input.customer_id;
  }
  const [written] = await insertCustomers(
    tx,
    actor,
    [
      {
        user_id: actor.userId,
        name: input.minor_name,
        email: input.minor_email,
        phone: input.minor_phone,
        notes: `Minor; co-signed by ${input.parent_name} (${input.parent_relationship}), ${input.parent_email}, ${input.parent_phone}`,
      },
    ],
    { origin: 'cosigner' },
  );
  return written!.row.id;
}

/**
 * Seals and stores an agreement: the uploaded PDF (already checked to be one), both signatures with who, when, from
 * which address and device, and the consent each signer gave, made into one sealed PDF whose SHA-256 is kept. The
 * original and the sealed file are stored under pending keys until the row commits. Returns the new agreement.
 */
export async function submitAgreement(
  db: Kysely<DB>,
  actor: Actor,
  input: AgreementSubmit,
  upload: { path: string; fileName: string },
  request: Request,
  deps: Deps,
): Promise<MinorAgreement> {
  const parentPng = signaturePng(input.parent_signature.image, "parent's");
  const minorPng = signaturePng(input.minor_signature.image, "minor's");
  if (input.deal_id) {
    const deal = await db
      .selectFrom('deals')
      .select('id')
      .where('id', '=', input.deal_id)
      .where(visibleTo(actor, 'deals.user_id'))
      .executeTakeFirst();
    if (!deal) throw notFound('Deal');
  }
  if (input.corrects_id) {
    const earlier = await db
      .selectFrom('minor_agreements')
      .select('id')
      .where('id', '=', input.corrects_id)
      .where(visibleTo(actor, 'minor_agreements.user_id'))
      .executeTakeFirst();
    if (!earlier) throw notFound('Agreement');
  }
  const original = await fs.readFile(upload.path);
  const id = crypto.randomUUID();
  const receivedAt = new Date();
  const company = await getSetting(db, 'company');
  const dealDate = input.deal_date ?? dayIn(company.time_zone, receivedAt);
  const adultOn = turns18On(dealDate, input.minor_age);
  const record = (name: string, role: 'parent' | 'minor', signature: AgreementSubmit['parent_signature'], png: Buffer) => ({
    name,
    signed_at: signature.signed_at,
    received_at: receivedAt.toISOString(),
    ip: request.ip,
    user_agent: request.userAgent.slice(0, 500),
    consent: signingConsent(name, role, input.vehicle_details),
    image_sha256: sha256(png),
  });
  const parent = record(input.parent_name, 'parent', input.parent_signature, parentPng);
  const minor = record(input.minor_name, 'minor', input.minor_signature, minorPng);
  const signer = (role: string, r: typeof parent, png: Buffer) => ({
    role,
    name: r.name,
    signedAt: r.signed_at,
    receivedAt: r.received_at,
    ip: r.ip,
    userAgent: r.user_agent,
    consent: r.consent,
    image: png,
    imageSha256: r.image_sha256,
  });
  let sealed: Buffer;
  try {
    // pdf-lib is loaded on the first agreement, not at start-up.
    const { sealAgreement } = await import('../../render/agreement-pdf.js');
    sealed = await sealAgreement({
      agreementId: id,
      company: company.name,
      original,
      originalFileName: upload.fileName,
      originalSha256: sha256(original),
      minor: { name: input.minor_name, age: input.minor_age, email: input.minor_email, phone: input.minor_phone },
      parent: {
        name: input.parent_name,
        email: input.parent_email,
        phone: input.parent_phone,
        relationship: input.parent_relationship,
      },
      vehicle: input.vehicle_details,
      amountCents: toCents(input.deal_amount),
      dealDate,
      turns18On: adultOn,
      correctsId: input.corrects_id ?? null,
      signers: [signer('Parent or guardian', parent, parentPng), signer('Minor', minor, minorPng)],
      sealedAt: receivedAt,
    });
  } catch {
    throw badRequest('The PDF could not be read; it may be damaged or protected by a password');
  }

  const keys = { original: `minor-agreements/${id}/original.pdf`, sealed: `minor-agreements/${id}/sealed.pdf` };
  const sealedFile = `${upload.path}.sealed`;
  await fs.writeFile(sealedFile, sealed);
  const pending = { original: pendingKey(deps.instanceId, keys.original), sealed: pendingKey(deps.instanceId, keys.sealed) };
  try {
    await deps.store.put(pending.original, { path: upload.path, size: original.length, contentType: 'application/pdf' });
    await deps.store.put(pending.sealed, { path: sealedFile, size: sealed.length, contentType: 'application/pdf' });
    await db.transaction().execute(async (tx) => {
      const customerId = await customerFor(tx, actor, input);
      await tx
        .insertInto('minor_agreements')
        .values({
          id,
          user_id: actor.userId,
          customer_id: customerId,
          deal_id: input.deal_id ?? null,
          corrects_id: input.corrects_id ?? null,
          minor_name: input.minor_name,
          minor_age: input.minor_age,
          minor_email: input.minor_email,
          minor_phone: input.minor_phone,
          parent_name: input.parent_name,
          parent_email: input.parent_email,
          parent_phone: input.parent_phone,
          parent_relationship: input.parent_relationship,
          vehicle_details: input.vehicle_details,
          deal_amount_cents: toCents(input.deal_amount),
          notes: input.notes,
          deal_date: dealDate,
          turns_18_on: adultOn,
          original_file_name: upload.fileName,
          original_key: keys.original,
          original_sha256: sha256(original),
          sealed_key: keys.sealed,
          sealed_sha256: sha256(sealed),
          sealed_size: sealed.length,
          parent_signature: JSON.stringify(parent),
          minor_signature: JSON.stringify(minor),
          created_at: receivedAt,
        })
        .execute();
      await recordAudit(tx, actor, {
        entityType: 'customer',
        entityId: customerId,
        action: 'minor_agreement_sealed',
        changes: { agreement_id: id, minor: input.minor_name, corrects: input.corrects_id ?? null },
      });
    });
  } catch (error) {
    await Promise.all(
      [deps.store.remove(pending.original), deps.store.remove(pending.sealed)].map((p) => p.catch(() => undefined)),
    );
    throw error;
  } finally {
    await fs.rm(sealedFile, { force: true });
  }
  // A failed move leaves a file under its pending key; the blob sweep moves it (the row names it).
  await deps.store.move(pending.original, keys.original).catch(() => undefined);
  await deps.store.move(pending.sealed, keys.sealed).catch(() => undefined);
  return toApi(await listed(db).where('a.id', '=', id).executeTakeFirstOrThrow());
}

/** A sealed agreement is never edited: a correction is a new agreement that names it (`corrects_id`). */
export async function refuseEdit(db: Kysely<DB>, actor: Actor, id: string): Promise<never> {
  const row = await db
    .selectFrom('minor_agreements')
    .select('id')
    .where('id', '=', id)
    .where(visibleTo(actor, 'minor_agreements.user_id'))
    .executeTakeFirst();
  if (!row) throw notFound('Agreement');
  throw conflict('A sealed agreement cannot be edited. Make a correction: a new agreement that refers to this one.');
}

/**
 * The sealed PDF's bytes, checked against the SHA-256 taken when it was sealed: a file altered in storage is refused
 * rather than handed out as the signed agreement.
 */
export async function sealedFile(db: Kysely<DB>, store: BlobStore, actor: Actor, id: string) {
  const row = await db
    .selectFrom('minor_agreements')
    .select(['sealed_key', 'sealed_sha256', 'minor_name'])
    .where('id', '=', id)
    .where(visibleTo(actor, 'minor_agreements.user_id'))
    .executeTakeFirst();
  if (!row) throw notFound('Agreement');
  const blob = await store.open(row.sealed_key);
  if (!blob) throw new AppError(410, 'GONE', 'The sealed file of this agreement is missing from storage.');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (sha256(bytes) !== row.sealed_sha256) {
    throw new AppError(
      409,
      'TAMPERED',
      'This agreement’s sealed file has been altered since it was signed and cannot be trusted. Restore it from a backup.',
    );
  }
  return { bytes, name: `minor-agreement-${row.minor_name.replace(/[^\w-]+/g, '-')}-${id.slice(0, 8)}.pdf` };
}

/** Which of these storage keys an agreement names, for the blob sweep. */
export async function referencedAgreementKeys(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  const ours = keys.filter((key) => key.startsWith('minor-agreements/'));
  if (ours.length === 0) return new Set();
  const rows = await db
    .selectFrom('minor_agreements')
    .select(['original_key', 'sealed_key'])
    .where((eb) => eb.or([eb('original_key', 'in', ours), eb('sealed_key', 'in', ours)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.original_key, row.sealed_key]));
}

/**
 * Tells each owning agent, once, that a minor of theirs has turned 18 (on or before `today`, a YYYY-MM-DD day), by the
 * newest agreement of each correction chain. Returns how many were told.
 */
export async function notifyAdults(db: Kysely<DB>, today: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('minor_agreements')
      .select(['id', 'user_id', 'customer_id', 'minor_name'])
      .where('adult_notified_at', 'is', null)
      .where('turns_18_on', '<=', today)
      // A corrected agreement is superseded: its correction carries the date.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('minor_agreements as c').select('c.id').whereRef('c.corrects_id', '=', 'minor_agreements.id'))),
      )
      .forUpdate()
      .skipLocked()
      .limit(500)
      .execute();
    for (const row of due) {
      await notify(tx, null, {
        event: 'minor_turns_18',
        ownerIds: [row.user_id],
        title: `${row.minor_name} is 18`,
        content: `${row.minor_name} has turned 18: their co-signed agreement may be revisited.`,
        link: `/customers/${row.customer_id}`,
      });
    }
    if (due.length > 0) {
      await tx
        .updateTable('minor_agreements')
        .set({ adult_notified_at: new Date() })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .execute();
    }
    return due.length;
  });
}
