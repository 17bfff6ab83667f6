import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  Kysely,
  PostgresDialect,
  RawNode,
  TableNode,
  UpdateQueryNode,
  type Driver,
  type KyselyPlugin,
  type OperationNode,
  type RootOperationNode,
} from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from './schema.js';
import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import { repairDataDirModes, secureDataDir } from './data-dir.js';
import { registerReadCaches } from './read-cache.js';
import { EngineThread } from './engine-thread.js';
import { setTypeParsers } from './type-parsers.js';
import { preparingPool } from './prepared-statements.js';

setTypeParsers();

export type DatabaseKind = 'embedded' | 'postgres';

/** A subscription to a PostgreSQL notification channel; `stop` ends it. */
export type Listener = { stop: () => Promise<void> };
export type ListenHandlers = {
  onMessage: (payload: string) => void;
  /** The listening connection was lost and is listening again: notifications sent meanwhile were missed. */
  onResume?: () => void;
};

/** Told the tables a statement writes, as it is sent and again once it has run. */
export type WriteWatcher = (tables: ReadonlySet<string>) => void;

export type Database = {
  kind: DatabaseKind;
  pool: pg.Pool;
  db: Kysely<DB>;
  /** Calls `watcher` for every statement of this process's `db` that inserts, updates or deletes; returns its removal. */
  watchWrites: (watcher: WriteWatcher) => () => void;
  /** LISTEN on `channel`: a connection of its own on a server (re-opened when lost), the embedded engine's own hook. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
  close: () => Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /** `thread`: the engine's module (`embedded-worker`), to open and run the engine in a thread of its own. */
  | { kind: 'embedded'; dataDir: string; thread?: URL }
  | { kind: 'embedded-memory'; snapshot?: Blob | File };

/** Where the embedded database keeps its files inside the data folder. */
const engineDirOf = (dataDir: string) => path.join(dataDir, 'pg');

/** The database the configuration names, in a data folder kept private: how start-up and every script open it. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  { thread }: { thread?: URL } = {},
): Promise<Database> {
  secureDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'embedded', dataDir: config.dataDir, thread },
  );
  repairDataDirModes(config.dataDir, engineDirOf(config.dataDir));
  return database;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      // Torque's queries are short and planned again each time: compiling one with JIT (PostgreSQL's default above a
      // cost) took longer than running it (bench/README.md). The pool hands out
      // a new connection only once this has run.
      onConnect: async (client) => {
        await client.query('SET jit = off').catch(() => undefined);
      },
    });
    // An idle connection the server ends (restart, failover, admin command) is dropped from the pool and replaced
    // on next use; without a listener its error would end the process.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    await pool.query('select 1');
    return wrap(
      'postgres',
      pool,
      (channel, handlers) => listenOnServer(options.url, channel, handlers),
      async () => {},
    );
  }
  let release = async () => {};
  let engine: PGlite | EngineThread;
  if (options.kind === 'embedded') {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const unlock = await lockDataDir(options.dataDir);
    try {
      const engineDir = engineDirOf(options.dataDir);
      if (options.thread) {
        engine = new EngineThread(options.thread, engineDir, (error) => {
          console.error(`The embedded database stopped (${error.message}); Torque stops with it.`);
          process.exit(1);
        });
        await engine.waitReady;
      } else engine = await PGlite.create(engineDir, { extensions: { pg_trgm } });
    } catch (error) {
      await unlock();
      throw error;
    }
    release = async () => {
      await engine.close();
      await unlock();
    };
  } else {
    engine = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.snapshot });
    release = () => engine.close();
  }
  const pool = new pg.Pool(createPgConfig(engine as PGlite) as pg.PoolConfig);
  // PGlite is one session, and the pool's connection sends a statement as several protocol messages: a LISTEN run
  // between them (a job queue's first work as the app gets ready) left that statement without its result. Holding
  // the pool's one connection while LISTEN or UNLISTEN runs keeps them apart.
  const exclusively = async <T>(work: () => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await work();
    } finally {
      client.release();
    }
  };
  const listen = async (channel: string, { onMessage }: ListenHandlers) => {
    const unlisten = await exclusively(() => engine.listen(channel, onMessage));
    return { stop: () => exclusively(() => unlisten()) };
  };
  const database = wrap('embedded', pool, listen, release);
  // The engine itself, for the scripts that use PGlite's own API (a COPY from a blob, a dump of its folder).
  return engine instanceof PGlite ? ({ ...database, pglite: engine } as Database & { pglite: PGlite }) : database;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work). When the server ends it, it is
 * re-opened with a growing pause, up to 10 s, and `onResume` says that notifications may have been missed.
 */
async function listenOnServer(url: string, channel: string, { onMessage, onResume }: ListenHandlers): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  let pause = 250;
  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return;
    client = null;
    void which.end().catch(() => {});
    const again = () => {
      retry = setTimeout(() => {
        connect().then(
          () => {
            pause = 250;
            onResume?.();
          },
          () => {
            pause = Math.min(pause * 2, 10_000);
            again();
          },
        );
      }, pause);
    };
    again();
  };
  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/** A raw statement's writes: `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`, wherever they stand in its text. */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi;

/** The tables a statement writes: its own target and those of writes in its WITH clauses, or named in raw SQL. */
function writtenTables(node: OperationNode, into = new Set<string>()): Set<string> {
  if (InsertQueryNode.is(node)) addTable(node.into, into);
  else if (UpdateQueryNode.is(node)) addTable(node.table, into);
  else if (DeleteQueryNode.is(node)) node.from.froms.forEach((from) => addTable(from, into));
  else if (RawNode.is(node))
    for (const match of node.sqlFragments.join(' ').matchAll(RAW_WRITE)) into.add(match[1]!.toLowerCase());
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object' && 'kind' in value) writtenTables(value as OperationNode, into);
  };
  for (const [key, value] of Object.entries(node)) if (key !== 'kind') visit(value);
  return into;
}

function addTable(node: OperationNode | undefined, into: Set<string>) {
  if (node && AliasNode.is(node)) addTable(node.node, into);
  else if (node && TableNode.is(node)) into.add(node.table.identifier.name);
}

/**
 * Tells the watchers what each writing statement writes, before it runs, once it has, and again when a transaction
 * commits (what another connection reads changes only then). The commit's tables are every table written since the
 * last commit, on any connection: more than the transaction wrote at times, never less.
 */
class WriteWatch implements KyselyPlugin {
  readonly watchers = new Set<WriteWatcher>();
  readonly #running = new WeakMap<object, ReadonlySet<string>>();
  #sinceCommit = new Set<string>();

  transformQuery({ node, queryId }: { node: RootOperationNode; queryId: object }): RootOperationNode {
    if (this.watchers.size === 0 || (node.kind === 'SelectQueryNode' && !node.with)) return node;
    const tables = writtenTables(node);
    if (tables.size === 0) return node;
    this.#running.set(queryId, tables);
    tables.forEach((table) => this.#sinceCommit.add(table));
    for (const watcher of this.watchers) watcher(tables);
    return node;
  }

  committed() {
    if (this.#sinceCommit.size === 0) return;
    const tables = this.#sinceCommit;
    this.#sinceCommit = new Set();
    for (const watcher of this.watchers) watcher(tables);
  }

  async transformResult<R>({ result, queryId }: { result: R; queryId: object }): Promise<R> {
    const tables = this.#running.get(queryId);
    if (tables) for (const watcher of this.watchers) watcher(tables);
    return result;
  }
}

/** PostgreSQL's dialect, telling `writes` of each commit. */
class CommitWatchingDialect extends PostgresDialect {
  readonly #writes: WriteWatch;

  constructor(config: ConstructorParameters<typeof PostgresDialect>[0], writes: WriteWatch) {
    super(config);
    this.#writes = writes;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      await commit(connection);
      this.#writes.committed();
    };
    return driver;
  }
}

function wrap(kind: DatabaseKind, pool: pg.Pool, listen: Database['listen'], release: () => Promise<void>): Database {
  const writes = new WriteWatch();
  const db = new Kysely<DB>({ dialect: new CommitWatchingDialect({ pool: preparingPool(pool) }, writes), plugins: [writes] });
  const watchWrites: Database['watchWrites'] = (watcher) => {
    writes.watchers.add(watcher);
    return () => writes.watchers.delete(watcher);
  };
  registerReadCaches({ db, watchWrites });
  return {
    kind,
    pool,
    db,
    watchWrites,
    listen,
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}
