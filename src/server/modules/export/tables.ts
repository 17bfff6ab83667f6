import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { hasRole, visibleTo } from '../../auth/scope.js';
import { chatsReadBy } from '../chat/service.js';
import { emailReadable } from '../emails/service.js';
import { leadVisible } from '../leads/service.js';

/**
 * What the full export holds of each table. Admins get every row of every table below that is not `excluded`;
 * editors and agents get the rows `scope` picks, and nothing of a table without one: the read rule of the area the
 * table belongs to (the same function its screens read through, never a second copy), or the records the scope
 * helper lets them see, or their own personal rows. The rows are read from the alias `t`.
 *
 * Every table of the database must be named here: one that is not is left out of every export (and a test fails),
 * so a new table never reaches a download before someone has decided what of it may.
 */
export type TableRule =
  | { excluded: string }
  | {
      /** The rows an editor or agent gets; absent: admins only. */
      scope?: (actor: Actor) => RawBuilder<SqlBool>;
      /** Columns never exported (secrets), with the reason. */
      omit?: Record<string, string>;
    };

/** Records the actor may see by their owner column: their own, or all of them for admins and editors. */
const owned =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    visibleTo(actor, `t.${column}`);

/** The actor's own personal rows (notifications, their user record), whatever their role. */
const personal =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`${sql.ref(`t.${column}`)} = ${actor.userId}`;

/** Rows that hang off a record of `parent` the actor may see, through the column `link`. */
const ofRecord =
  (parent: 'customers' | 'deals', link: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(parent)} p WHERE p.id = ${sql.ref(`t.${link}`)} AND ${visibleTo(actor, 'p.user_id')})`;

/** Rows of the chats the actor reads (chat's own rule: active members only). */
const ofMyChats =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`${sql.ref(`t.${column}`)} IN (${chatsReadBy(actor)})`;

export const exportTables: Record<string, TableRule> = {
  accounts: { excluded: 'sign-in secrets: password hashes and provider tokens' },
  audit_log: {},
  chat_participants: { scope: ofMyChats('chat_id') },
  chats: { scope: ofMyChats('id') },
  commission_rates: { scope: personal('user_id') },
  contact_consents: { scope: ofRecord('customers', 'customer_id') },
  custom_offers: { scope: owned('user_id') },
  customer_counts: { scope: owned('user_id') },
  customer_documents: { scope: ofRecord('customers', 'customer_id') },
  customer_stage_daily: { scope: owned('user_id') },
  customers: { scope: owned('user_id') },
  deal_documents: { scope: ofRecord('deals', 'deal_id') },
  deal_sales_monthly: { scope: owned('user_id') },
  deals: { scope: owned('user_id') },
  emails: { scope: (actor) => emailReadable(actor, 't') },
  hook_secrets: { excluded: 'signing secrets of the inbound webhooks' },
  instagram_accounts: { scope: personal('user_id') },
  invitations: { omit: { token_hash: 'the hash of the link that sets a password' } },
  import_changes: {
    scope: (actor) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM imports i WHERE i.id = t.import_id AND ${visibleTo(actor, 'i.user_id')})`,
  },
  imports: {
    scope: owned('user_id'),
    omit: { source_rows: 'the uploaded file’s rows, kept only while the import waits for its run' },
  },
  lead_rotation: {},
  lead_sources: { omit: { key_hash: 'the hash of the source’s posting key' } },
  leads: { scope: (actor) => leadVisible(actor, 't') },
  messages: { scope: ofMyChats('chat_id') },
  minor_agreements: { scope: owned('user_id') },
  notifications: { scope: personal('user_id') },
  offer_images: { scope: owned('created_by'), omit: { token: 'the secret part of the image’s public address' } },
  outbox: { excluded: 'delivery internals of mail, webhooks and texts (sent e-mail is in emails)' },
  rate_limits: { excluded: 'sign-in and request counters' },
  sessions: { excluded: 'session tokens' },
  settings: {},
  sms_replies: {
    scope: (actor) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM customers p WHERE p.id = ANY(t.customer_ids) AND ${visibleTo(actor, 'p.user_id')})`,
  },
  two_factors: { excluded: 'two-factor secrets and recovery codes' },
  users: { scope: personal('id') },
  vehicle_stock: { scope: owned('user_id') },
  vehicles: { scope: owned('user_id') },
  verifications: { excluded: 'verification tokens' },
  webhook_endpoints: { omit: { secret: 'the signing secret of each endpoint' } },
};

export const UNCLASSIFIED = 'not yet classified for export';

/** The rule for `table`, or an exclusion when the table is new and nobody has decided yet. */
export const ruleOf = (table: string): TableRule => exportTables[table] ?? { excluded: UNCLASSIFIED };

/** The SQL condition on `t` for the rows of `table` the actor's export holds, or null when it holds none. */
export function rowsFor(actor: Actor, rule: TableRule): RawBuilder<SqlBool> | null {
  if ('excluded' in rule) return null;
  if (hasRole(actor, 'admin')) return sql<SqlBool>`true`;
  return rule.scope ? rule.scope(actor) : null;
}
