import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Actor } from '../auth/actor.js';
import type { DB } from '../db/schema.js';
import type { CsvCell } from '../http/csv.js';
import { keysetBatches } from '../http/paging.js';

type AnyDb = Kysely<DB> | Transaction<DB>;

/**
 * A file of `readable/`: the rows of `table` the actor's export holds (picked by that table's rule in
 * platform/export-rules.ts, and `only` when given), as the app's own CSV export writes them where it has one, with names
 * beside the ids.
 */
export type ReadableFile = {
  /** `readable/<name>.csv` */
  name: string;
  /** The table whose rule in platform/export-rules.ts decides which rows the actor's file holds. */
  table: string;
  /** What the file is, in the manifest. */
  about: string;
  header: string[];
  /** The file's lines, a batch at a time in the order of the table's ids; `where` is the rows the export holds. */
  lines: (db: AnyDb, actor: Actor, where: RawBuilder<SqlBool>, timeZone: string) => AsyncIterable<CsvCell[][]>;
};

export type FileSpec<R> = Omit<ReadableFile, 'lines' | 'header'> & {
  header: readonly string[];
  /** `SELECT … FROM <table> t …`: the row with the names it shows beside its ids. */
  select: (actor: Actor) => RawBuilder<unknown>;
  /** A further condition on `t`, for a file that holds some of the table's rows (commissions: completed deals). */
  only?: RawBuilder<SqlBool>;
  line: (timeZone: string) => (row: R) => CsvCell[];
};

const BATCH = 1000;

/** The rows of `select` that `where` keeps, a batch at a time through the table's id. */
function rowsOf<R extends { id: string }>(db: AnyDb, select: RawBuilder<unknown>, where: RawBuilder<SqlBool>) {
  return keysetBatches<R, string>(async (after) => {
    const { rows } = await sql<R>`
      ${select} WHERE ${where} ${after ? sql`AND t.id > ${after}` : sql``} ORDER BY t.id LIMIT ${BATCH}`.execute(db);
    return { rows, next: rows.length === BATCH ? rows.at(-1)!.id : null };
  });
}

/** A file from its spec: its rows read as the export reads the table, each written by `line` in the company's zone. */
export function readable<R extends { id: string }>({ select, only, line, ...file }: FileSpec<R>): ReadableFile {
  return {
    ...file,
    header: [...file.header],
    async *lines(db, actor, where, timeZone) {
      const toLine = line(timeZone);
      const kept = only ? sql<SqlBool>`${where} AND ${only}` : where;
      for await (const batch of rowsOf<R>(db, select(actor), kept)) yield batch.map(toLine);
    },
  };
}
