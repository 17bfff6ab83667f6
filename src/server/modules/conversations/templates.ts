import { sql, type Kysely } from 'kysely';
import {
  fillTemplate,
  type ReplyTemplate,
  type replyTemplateInputSchema,
  type TemplateValues,
} from '../../../shared/conversations/templates.js';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import { requireRole, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getSetting, SETTINGS_ENTITY_ID } from '../../platform/settings.js';

type Db = Kysely<DB>;
type Input = z.output<typeof replyTemplateInputSchema>;

const NAME_TAKEN = 'A template with this name exists already';

const toTemplate = (row: { id: string; name: string; subject: string; body: string; updated_at: Date }): ReplyTemplate => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

/** Every reply template, by name: everyone writes with them. */
export async function listReplyTemplates(db: Db): Promise<ReplyTemplate[]> {
  const rows = await db
    .selectFrom('reply_templates')
    .select(['id', 'name', 'subject', 'body', 'updated_at'])
    .orderBy('name')
    .execute();
  return rows.map(toTemplate);
}

/** Adds or changes a template (admins and editors); a name another template has answers 409. Audited. */
export async function saveReplyTemplate(db: Db, actor: Actor, input: Input, id?: string): Promise<ReplyTemplate> {
  requireRole(actor, 'editor');
  try {
    return await db.transaction().execute(async (tx) => {
      const row = id
        ? await tx
            .updateTable('reply_templates')
            .set({ ...input, updated_at: new Date() })
            .where('id', '=', id)
            .returning(['id', 'name', 'subject', 'body', 'updated_at'])
            .executeTakeFirst()
        : await tx
            .insertInto('reply_templates')
            .values({ ...input, created_by: actor.userId })
            .returning(['id', 'name', 'subject', 'body', 'updated_at'])
            .executeTakeFirstOrThrow();
      if (!row) throw notFound('Reply template');
      await recordAudit(tx, actor, {
        entityType: 'settings',
        entityId: SETTINGS_ENTITY_ID,
        action: id ? 'updated.reply_template' : 'created.reply_template',
        changes: { id: row.id, name: row.name },
      });
      return toTemplate(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
    throw error;
  }
}

export async function deleteReplyTemplate(db: Db, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'editor');
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('reply_templates').where('id', '=', id).returning(['name']).executeTakeFirst();
    if (!removed) throw notFound('Reply template');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: 'removed.reply_template',
      changes: { id, name: removed.name },
    });
  });
}

/**
 * The templates filled for one customer the actor may see (404 otherwise): their first name, the vehicle of their
 * latest deal the actor may see, the actor's name, and the dealership's.
 */
export async function templatesFor(db: Db, actor: Actor, customerId: string): Promise<ReplyTemplate[]> {
  const customer = await db
    .selectFrom('customers')
    .select(['name'])
    .where('id', '=', customerId)
    .where(visibleTo(actor, 'user_id'))
    .executeTakeFirst();
  if (!customer) throw notFound('Customer');
  const [deal, company, templates] = await Promise.all([
    db
      .selectFrom('deals')
      .select(sql<string>`trim(manufacturer || ' ' || model)`.as('vehicle'))
      .where('customer_id', '=', customerId)
      .where(visibleTo(actor, 'user_id'))
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    getSetting(db, 'company'),
    listReplyTemplates(db),
  ]);
  const values: TemplateValues = {
    first_name: customer.name.trim().split(/\s+/)[0] ?? '',
    vehicle: deal?.vehicle ?? '',
    agent: actor.name,
    dealership: company.name,
  };
  return templates.map((template) => ({
    ...template,
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
  }));
}
