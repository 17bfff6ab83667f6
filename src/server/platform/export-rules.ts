import type { ReadableFile } from './readable-files.js';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Actor } from '../auth/actor.js';
import { hasRole, inventoryVisibleTo, visibleTo } from '../auth/scope.js';

/** What the full export holds: each table's rule, and the files for a person beside the tables. */
export type ExportContents = { tables: Record<string, TableRule>; readable: readonly ReadableFile[] };

/**
 * What the full export holds of one table; each area declares its tables' rules in its manifest (`exportTables`).
 * Admins get every row of every table that is not `excluded`; editors and agents get the rows `scope` picks, and
 * nothing of a table without one: the read rule of the area the table belongs to (the same function its screens read
 * through, never a second copy), or the records the scope helper lets them see, or their own personal rows. The rows
 * are read from the alias `t`.
 *
 * A table no area names is left out of every export (and a test fails), so a new table never reaches a download
 * before someone has decided what of it may.
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
export const owned =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    visibleTo(actor, `t.${column}`);

/** Vehicles and what is kept per vehicle owner, as the inventory is seen (`inventoryVisibleTo`). */
export const inInventory =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    inventoryVisibleTo(actor, `t.${column}`);

/** The actor's own personal rows (notifications, their user record), whatever their role. */
export const personal =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`${sql.ref(`t.${column}`)} = ${actor.userId}`;

/** Rows that hang off a record of `parent` the actor may see, through the column `link`. */
export const ofRecord =
  (parent: 'customers' | 'deals' | 'vehicles', link: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(parent)} p WHERE p.id = ${sql.ref(`t.${link}`)} AND ${
      parent === 'vehicles' ? inventoryVisibleTo(actor, 'p.user_id') : visibleTo(actor, 'p.user_id')
    })`;

export const UNCLASSIFIED = 'not yet classified for export';

/** The rule for `table`, or an exclusion when the table is new and nobody has decided yet. */
export const ruleOf = (tables: Record<string, TableRule>, table: string): TableRule =>
  tables[table] ?? { excluded: UNCLASSIFIED };

/** The SQL condition on `t` for the rows of `table` the actor's export holds, or null when it holds none. */
export function rowsFor(actor: Actor, rule: TableRule): RawBuilder<SqlBool> | null {
  if ('excluded' in rule) return null;
  if (hasRole(actor, 'admin')) return sql<SqlBool>`true`;
  return rule.scope ? rule.scope(actor) : null;
}
