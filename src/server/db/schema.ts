// The tables as Kysely sees them. ./tables.ts is generated from the migrations (`npm run db:types`) and a test fails
// when it is stale, so the migration SQL is the one description of a table; code imports the names below.
import type { Selectable } from 'kysely';
import type { DB } from './tables.js';

export type { DB };

/** A row of `table` as a select returns it. */
export type Row<T extends keyof DB> = Selectable<DB[T]>;

export type Role = Row<'users'>['role'];
