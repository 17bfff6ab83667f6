import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADF_PATH, type CreatedLeadSource, type LeadSource, type LeadSourceInput } from '../../../shared/leads/schemas.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { requireRole } from '../../auth/scope.js';
import { recordAudit } from '../../platform/audit.js';

type Db = Kysely<DB>;
export type Source = { id: string; name: string };

const DUPLICATE_SOURCE = 'A lead source with this name already exists';

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

function mayManage(actor: Actor) {
  requireRole(actor, 'admin');
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

/** The source a public web form belongs to, by its id (the form's address carries it; no key is needed to post). */
export async function formSource(db: Db, id: string): Promise<Source> {
  const source = await db.selectFrom('lead_sources').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!source) throw notFound('Lead form');
  return source;
}
