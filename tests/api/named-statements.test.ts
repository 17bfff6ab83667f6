import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { executePrepared, PREPARED_STATEMENTS_MAX, statementName } from '../../src/server/db/prepared-statements.js';
import type { DB } from '../../src/server/db/schema.js';
import { createTestContext, type TestContext } from '../helpers/app.js';

type Probe = { named_probe: { id: number; label: string } };

let t: TestContext;
let db: Kysely<DB & Probe>;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db.withTables<Probe>();
  await sql`CREATE TABLE named_probe (id int PRIMARY KEY, label text NOT NULL)`.execute(db);
  await sql`INSERT INTO named_probe VALUES (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
});
afterAll(() => t.close());

/** How many statements this connection keeps prepared with exactly `text`. */
const preparedOn = async (connection: Kysely<DB & Probe>, text: string) => {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_prepared_statements
    WHERE statement = ${text}`.execute(connection);
  return rows[0]!.count;
};

describe('named statements', () => {
  it('are parsed once per connection', async () => {
    const query = db.selectFrom('named_probe').selectAll().where('id', '>=', 2).orderBy('id').limit(sql.lit(10));
    const { sql: text } = query.compile();
    await db.connection().execute(async (connection) => {
      expect(await preparedOn(connection, text)).toBe(0);
      const named = await executePrepared(connection, query);
      await executePrepared(connection, query);
      expect(named).toEqual([
        { id: 2, label: 'two' },
        { id: 3, label: 'three' },
      ]);
      expect(statementName(text)).toMatch(/^torque_[0-9a-f]{16}_\d+$/);
      expect(await preparedOn(connection, text)).toBe(1);
    });
  });

  it('are read again under a new name when their table has changed under them', async () => {
    const query = db.selectFrom('named_probe').selectAll().orderBy('id').limit(sql.lit(1));
    const { sql: text } = query.compile();
    await db.connection().execute(async (connection) => {
      expect(await executePrepared(connection, query)).toEqual([{ id: 1, label: 'one' }]);
      const before = statementName(text);
      // Another process's migration: the kept plan's rows no longer have the table's shape.
      await sql`ALTER TABLE named_probe ADD COLUMN extra text NOT NULL DEFAULT 'added'`.execute(connection);
      expect(await executePrepared(connection, query)).toEqual([{ id: 1, label: 'one', extra: 'added' }]);
      expect(statementName(text)).not.toBe(before);
      expect(await executePrepared(connection, query)).toEqual([{ id: 1, label: 'one', extra: 'added' }]);
    });
  });

  it('run unnamed inside a transaction', async () => {
    const query = db.selectFrom('named_probe').select('label').where('id', '=', 3).limit(sql.lit(2));
    const rows = await db.transaction().execute((trx) => executePrepared(trx, query));
    expect(rows).toEqual([{ label: 'three' }]);
    expect(statementName(query.compile().sql)).toBeUndefined();
  });

  it('may be written as SQL, with their values bound', async () => {
    const query = sql<{ label: string }>`SELECT label FROM named_probe WHERE id <= ${2} ORDER BY id LIMIT ${sql.lit(5)}`;
    const { sql: text, parameters } = query.compile(db);
    expect(parameters).toEqual([2]);
    await db.connection().execute(async (connection) => {
      expect(await executePrepared(connection, query)).toEqual([{ label: 'one' }, { label: 'two' }]);
      expect(statementName(text)).toBeDefined();
      expect(await preparedOn(connection, text)).toBe(1);
    });
  });

  it(`stop naming past ${PREPARED_STATEMENTS_MAX} statements, which still answer`, async () => {
    const texts: string[] = [];
    for (let limit = 100; limit < 100 + PREPARED_STATEMENTS_MAX + 5; limit++) {
      const query = db.selectFrom('named_probe').select('id').orderBy('id').limit(sql.lit(limit));
      expect(await executePrepared(db, query)).toHaveLength(3);
      texts.push(query.compile().sql);
    }
    const named = texts.filter((text) => statementName(text) !== undefined);
    expect(named.length).toBeLessThanOrEqual(PREPARED_STATEMENTS_MAX);
    expect(statementName(texts.at(-1)!)).toBeUndefined();
  });
});
