import { sql, type RawBuilder } from 'kysely';
import { isRecordId } from '../../shared/common/fields.js';
import { badRequest } from './errors.js';
import { collectIfGrown } from './heap.js';

/** Keyset paging: a cursor is the sort key of the last row seen, base64url-encoded JSON. */
export function encodeCursor(values: (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, length: number): (string | number | null)[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length) return values;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

// Four-digit years from 0001: year 0 is a JavaScript date but not a PostgreSQL one.
const MOMENT = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True when `text` is exactly what toISOString writes for the moment it names (no 30 February, no 25:00). */
const isCanonicalMoment = (text: string) => {
  const time = Date.parse(text);
  return MOMENT.test(text) && !Number.isNaN(time) && new Date(time).toISOString() === text;
};

/**
 * Checks for the values a decoded cursor carries, as strict as what pageOf writes: a forged cursor answers 400
 * 'Invalid cursor' here instead of failing in the database.
 */
export const cursorValue = {
  uuid: isRecordId,
  /** A calendar day as YYYY-MM-DD. */
  day: (value: unknown): value is string =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCanonicalMoment(`${value}T00:00:00.000Z`),
  /** A moment as Date.prototype.toISOString writes it. */
  moment: (value: unknown): value is string => typeof value === 'string' && isCanonicalMoment(value),
  integer: (value: unknown, min: number, max: number): value is number =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max,
  /** Text PostgreSQL can hold: any string without a NUL. */
  text: (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000'),
};

/** Fetch limit + 1 rows; this keeps `limit` and says whether there is a next page. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number | null)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * Keyset paging on (a moment, an id), newest first (created_at, id) or oldest first: the decoded cursor, checked, or
 * null for the first page.
 */
export function momentIdCursor(cursor: string | undefined): [string, string] | null {
  const values = decodeCursor(cursor, 2);
  if (values && !(cursorValue.moment(values[0]) && cursorValue.uuid(values[1]))) throw badRequest('Invalid cursor');
  return values as [string, string] | null;
}

/** The rows after `cursor` in newest-first order, on the columns of `table` when given (an alias in a join). */
export function olderThan([createdAt, id]: [string, string], table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<boolean>`(${column('created_at')}, ${column('id')}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

/** The newest-first cursor of a row. */
export const newestFirstKey = (row: { created_at: Date; id: string }) => [row.created_at.toISOString(), row.id];

/**
 * Every row of a keyset-paged read, a batch at a time, for exports: `read(cursor)` answers a batch and the cursor
 * of the next one (null at the end; the first call gets null). The next batch is read while the caller formats and
 * sends this one, so the database and the server's own work overlap; at most two batches are held at once, and the
 * garbage of those sent is collected as the heap grows (`collectIfGrown`).
 */
export async function* keysetBatches<T, C>(read: (cursor: C | null) => Promise<{ rows: T[]; next: C | null }>) {
  // A read started ahead that nobody awaits (the download was cancelled) must not become an unhandled rejection.
  const start = (cursor: C | null) => {
    const batch = read(cursor);
    batch.catch(() => undefined);
    return batch;
  };
  let pending = start(null);
  for (;;) {
    const { rows, next } = await pending;
    if (next !== null) pending = start(next);
    collectIfGrown();
    yield rows;
    if (next === null) return;
  }
}

/** A batch of `size` rows (or fewer at the end) with the cursor after its last row. */
export const batchOf = <T, C>(rows: T[], size: number, cursorOf: (last: T) => C) => ({
  rows,
  next: rows.length === size ? cursorOf(rows.at(-1)!) : null,
});
