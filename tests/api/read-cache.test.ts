import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { READ_CACHE_MS } from '../../src/server/db/read-cache.js';
import { getSettings } from '../../src/server/platform/settings.js';
import { createTestContext, type TestContext } from '../helpers/app.js';

let t: TestContext;
/** The statements this process has sent that read the settings. */
let settingsReads = 0;

const sendQuery = pg.Client.prototype.query;

beforeAll(async () => {
  t = await createTestContext();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text?: string }];
    const text = typeof config === 'string' ? config : config?.text;
    if (text?.startsWith('select "key", "value" from "settings"')) settingsReads++;
    return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof sendQuery;
});
afterAll(async () => {
  pg.Client.prototype.query = sendQuery;
  await t.close();
});

const timeZone = async () => (await getSettings(t.database.db)).company.time_zone;
const setTimeZone = (zone: string) =>
  sql`INSERT INTO settings (key, value) VALUES ('company', ${JSON.stringify({ time_zone: zone })}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

describe('kept reads', () => {
  it("reuse the settings read for the next requests, and see this process's own change at once", async () => {
    await timeZone();
    const before = settingsReads;
    await Promise.all([timeZone(), timeZone(), timeZone()]);
    expect(settingsReads).toBe(before);

    await setTimeZone('America/Denver').execute(t.database.db);
    expect(await timeZone()).toBe('America/Denver');
    expect(settingsReads).toBe(before + 1);
  });

  it('read again inside a transaction, which sees its own uncommitted change', async () => {
    await timeZone();
    const inside = t.database.db.transaction().execute(async (tx) => {
      await setTimeZone('America/Phoenix').execute(tx);
      expect((await getSettings(tx)).company.time_zone).toBe('America/Phoenix');
      throw new Error('rolled back');
    });
    // Any other error (the expectation inside failing) fails the test.
    await expect(inside).rejects.toThrow('rolled back');
    expect(await timeZone()).toBe('America/Denver');
  });

  it('see a change another process made within a second', async () => {
    await timeZone();
    // A statement that passes by the query builder, as another process's would.
    await t.database.pool.query(`UPDATE settings SET value = '{"time_zone": "America/Chicago"}' WHERE key = 'company'`);
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_MS + 50));
    expect(await timeZone()).toBe('America/Chicago');
  });

  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')(
    'do not keep what another connection read between a write and its commit',
    async () => {
      await t.database.db.transaction().execute(async (tx) => {
        await setTimeZone('America/New_York').execute(tx);
        // Read on another connection before the commit: the old zone, which must not outlive the commit.
        expect(await timeZone()).toBe('America/Chicago');
      });
      expect(await timeZone()).toBe('America/New_York');
    },
  );

  it('hand every reader the same frozen settings, so none can change what the next one reads', async () => {
    const settings = await getSettings(t.database.db);
    expect(Object.isFrozen(settings.crm.pipeline_stages)).toBe(true);
    expect(() => (settings.crm.pipeline_stages as string[]).push('Won')).toThrow(TypeError);
  });
});
