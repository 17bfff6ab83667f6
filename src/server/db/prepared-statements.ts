import { createHash } from 'node:crypto';
import type pg from 'pg';
import { isCachedPlanChanged } from './errors.js';
import type {
  Compilable,
  Kysely,
  PostgresCursor,
  PostgresPool,
  PostgresPoolClient,
  PostgresQueryResult,
  RawBuilder,
} from 'kysely';

/**
 * Prepared statements: a read that runs on every visit to a screen (a list's first page, say) is parsed and planned by
 * each connection once, then only bound and run. PostgreSQL plans such a read again each time it arrives unnamed;
 * for the customer list that planning was most of the database's work (bench/README.md has the figures).
 *
 * PostgreSQL keeps a plan made for any values (a generic plan) once it costs no more than those made for each call's
 * values; a statement meant for this has its LIMIT written in (`sql.lit`), not as a value, so the generic plan knows
 * how few rows it reads. Only reads whose plan does not depend on their values belong here: a page of a list by its
 * sort key and who may see it, not a text search, whose best plan depends on the words searched for.
 */

/**
 * The most statement texts named; others run unnamed. A connection keeps each one it has run (about 100 KB for the
 * customer list), so this bounds what a pool of ten holds to a few tens of megabytes.
 */
export const PREPARED_STATEMENTS_MAX = 64;

const names = new Map<string, string>();
let generation = 0;

/** The name a registered statement text runs under on every connection, or undefined when it runs unnamed. */
export const statementName = (text: string) => names.get(text);

function register(text: string) {
  if (names.has(text) || names.size >= PREPARED_STATEMENTS_MAX) return;
  names.set(text, `torque_${createHash('sha1').update(text).digest('hex').slice(0, 16)}_${generation}`);
}

/**
 * Gives up the names in use: a connection keeps a prepared statement's plan and the shape of its rows, and a table
 * that changed under it (a newer release's migration, run by another process) makes PostgreSQL refuse to run it
 * ("cached plan must not change result type"). Texts named again later get new names, parsed afresh.
 */
function retireNames() {
  generation += 1;
  names.clear();
}

/** A query written as SQL (`sql\`…\``), which compiles against a database, not alone. */
const isRawBuilder = <R>(query: Compilable<R> | RawBuilder<R>): query is RawBuilder<R> => 'isRawBuilder' in query;

/**
 * Runs `query` as a prepared statement (see above). Inside a transaction it is named only if it already was: a table
 * changed under it (`retireNames`) fails the transaction there, where a second try could not follow a failed
 * statement; outside one it is run again under a new name.
 */
export async function executePrepared<R>(
  db: Pick<Kysely<unknown>, 'isTransaction' | 'executeQuery' | 'getExecutor'>,
  query: Compilable<R> | RawBuilder<R>,
): Promise<R[]> {
  const compiled = isRawBuilder(query) ? query.compile(db) : query.compile();
  if (!db.isTransaction) register(compiled.sql);
  try {
    return (await db.executeQuery(compiled)).rows;
  } catch (error) {
    if (!isCachedPlanChanged(error)) throw error;
    retireNames();
    if (db.isTransaction) throw error;
    register(compiled.sql);
    return (await db.executeQuery(compiled)).rows;
  }
}

/**
 * Kysely's pool: node-postgres's, its connections sending a registered statement by its name (node-postgres parses
 * a name once per connection). Kysely sends SQL and values only: no cursor is configured.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per connection, as Kysely keeps its own state per connection object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const send = async <R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
      const name = statementName(text);
      const result = await client.query<R & pg.QueryResultRow>({ name, text, values: [...values] });
      return { command: result.command as PostgresQueryResult<R>['command'], rowCount: result.rowCount ?? 0, rows: result.rows };
    };
    function query<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      text: string | PostgresCursor<R>,
      values: readonly unknown[] = [],
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof text !== 'string') throw new Error('Torque configures no cursor for its queries');
      return send<R>(text, values);
    }
    return { query, release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
