import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody, pngFile } from '../helpers/document-files.js';
import { rowCount } from '../helpers/databases.js';
import type { ImportReport, ImportRunEvent, ImportUpload } from '../../src/shared/imports/schemas.js';
import { withCheckDigit } from '../../src/shared/vehicles/vin.js';
import { importKindSpecs } from '../../src/server/modules/imports/kinds.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Aaron Agent');
  other = await t.createUser('agent', 'Olga Other');
});
afterAll(() => t.close());

const csv = (rows: (string | number)[][]) =>
  Buffer.from(
    rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : c)).join(',')).join('\r\n'),
  );

async function upload(as: TestUser, content: Buffer, kind = 'customers', name = 'contacts.csv') {
  const { payload, headers } = multipartBody(name, content, 'text/csv');
  return t.call({ method: 'POST', url: `/api/imports?kind=${kind}`, payload, headers, as });
}

async function uploaded(as: TestUser, content: Buffer, kind = 'customers') {
  const response = await upload(as, content, kind);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportUpload;
}

async function dryRun(as: TestUser, file: ImportUpload, mapping = file.mapping) {
  const response = await t.call({ method: 'POST', url: `/api/imports/${file.id}/dry-run`, payload: { mapping }, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportReport;
}

async function run(as: TestUser, file: ImportUpload, mapping = file.mapping) {
  const response = await t.call({ method: 'POST', url: `/api/imports/${file.id}/run`, payload: { mapping }, as });
  expect(response.statusCode, response.body).toBe(200);
  const events = response.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportRunEvent);
  const last = events.at(-1)!;
  if (last.type !== 'done') throw new Error(`import did not finish: ${response.body}`);
  return { events, ...last };
}

/** Upload, dry run and run; the dry run's counts must be the run's. */
async function importFile(as: TestUser, content: Buffer, kind = 'customers') {
  const file = await uploaded(as, content, kind);
  let started = performance.now();
  const report = await dryRun(as, file);
  const dryRunMs = performance.now() - started;
  started = performance.now();
  const result = await run(as, file);
  const runMs = performance.now() - started;
  const { new: created, updated, unchanged, invalid } = result.summary;
  expect({ new: created, updated, unchanged, invalid }).toEqual({
    new: report.new,
    updated: report.updated,
    unchanged: report.unchanged,
    invalid: report.invalid,
  });
  expect(result.invalid_rows).toEqual(report.invalid_rows);
  return { file, report, dryRunMs, runMs, ...result };
}

const header = ['Name', 'Email', 'Phone', 'Location', 'Status', 'Car Preferences', 'Lead Source', 'Budget', 'Birthday', 'Notes'];

const faults = [
  { column: 1, value: (i: number) => `not-an-email-${i}`, reason: 'Invalid email' },
  { column: 0, value: () => '', reason: 'Name is required' },
  { column: 8, value: () => '1990-02-30', reason: 'Birthday: Invalid date' },
];

describe('importing 10,000 customers', () => {
  it('imports the valid rows, lists the bad ones, matches its dry run and changes nothing the second time', async () => {
    const rows: (string | number)[][] = [header];
    const bad = new Map<number, string>();
    for (let i = 0; i < 10_000; i++) {
      const row: (string | number)[] = [
        `Customer ${i}`,
        `bulk.${i}@example.com`,
        `(512) 200-${String(i).padStart(4, '0')}`,
        'Austin, TX',
        i % 3 === 0 ? 'Active' : 'prospect',
        'SUV; Luxury',
        'Website',
        `${20_000 + i}.50`,
        '1990-02-03',
        `Row ${i}`,
      ];
      // Three rows in a hundred are bad, each in its own way.
      const fault = i % 100 < 3 ? faults[i % 100]! : null;
      if (fault) {
        row[fault.column] = fault.value(i);
        bad.set(i + 2, fault.reason);
      }
      rows.push(row);
    }
    const content = csv(rows);
    const before = await rowCount(t.database, 'customers');
    const { report, summary, events, dryRunMs, runMs } = await importFile(agent, content);
    const db = process.env.TORQUE_TEST_DB;
    console.log(`10,000 customer rows on ${db}: dry run ${Math.round(dryRunMs)} ms, run ${Math.round(runMs)} ms`);
    expect(report).toMatchObject({ new: 9_700, updated: 0, unchanged: 0, invalid: 300 });
    expect(summary.status).toBe('done');
    expect(events.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.done : 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => (i + 1) * 500),
    );
    expect(report.invalid_rows.length).toBe(200);
    for (const { row, reason } of report.invalid_rows) expect(reason).toBe(bad.get(row));
    expect(await rowCount(t.database, 'customers')).toBe(before + 9_700);
    const sample = await t.database.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'bulk.4@example.com')
      .executeTakeFirstOrThrow();
    expect(sample).toMatchObject({
      name: 'Customer 4',
      status: 'prospect',
      user_id: agent.id,
      preferred_cars: ['SUV', 'Luxury'],
      budget_cents: 20_004_50,
      birthday: '1990-02-03',
    });

    const stamp = await t.database.db
      .selectFrom('customers')
      .select(sql<string>`max(updated_at)::text`.as('latest'))
      .executeTakeFirstOrThrow();
    const again = await importFile(agent, content);
    console.log(`the same rows again on ${db}: dry run ${Math.round(again.dryRunMs)} ms, run ${Math.round(again.runMs)} ms`);
    expect(again.summary).toMatchObject({ new: 0, updated: 0, unchanged: 9_700, invalid: 300 });
    const after = await t.database.db
      .selectFrom('customers')
      .select(sql<string>`max(updated_at)::text`.as('latest'))
      .executeTakeFirstOrThrow();
    expect(after.latest).toBe(stamp.latest);
    expect(await rowCount(t.database, 'customers')).toBe(before + 9_700);
  }, 180_000);

  it('writes one audit entry per import, and one per customer it adds, naming the import', async () => {
    const entries = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'import')
      .orderBy('created_at')
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries[0]!.changes).toMatchObject({ kind: 'customers', new_count: 9_700, invalid_count: 300 });
    const perCustomer = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', sql<string>`changes->>'import'`.as('import'), sql<number>`count(*)::int`.as('n')])
      .where('entity_type', '=', 'customer')
      .groupBy(['action', 'actor_id', sql`changes->>'import'`])
      .execute();
    expect(perCustomer).toEqual([{ action: 'created', actor_id: agent.id, import: entries[0]!.entity_id, n: 9_700 }]);
  });
});

describe('what an import says', () => {
  it('gives the reasons of invalid rows in plain words, naming the field', async () => {
    const customers = await importFile(
      agent,
      csv([
        ['Name', 'Email', 'Status', 'Lead Source', 'Car Preferences'],
        ['Vic Vip', 'vic@example.com', 'VIP', '', ''],
        ['x'.repeat(201), 'long@example.com', 'active', '', ''],
        ['Bill Board', 'bill@example.com', 'prospect', 'Billboard', ''],
        ['Cass Cars', 'cass@example.com', 'prospect', '', `SUV; ${'x'.repeat(41)}`],
        ['Rita Right', 'rita@example.com', 'Active', 'Website', 'SUV'],
      ]),
    );
    expect(customers.summary).toMatchObject({ new: 1, updated: 0, unchanged: 0, invalid: 4 });
    expect(customers.invalid_rows).toEqual([
      { row: 2, reason: 'Status must be active, prospect or inactive' },
      { row: 3, reason: 'Name must be at most 200 characters' },
      { row: 4, reason: 'Lead source must be Referral, Website, Social Media, Walk-in, Phone or Other' },
      { row: 5, reason: 'Car preferences (entry 2) must be at most 40 characters' },
    ]);
    const vehicles = await importFile(
      agent,
      csv([
        ['Year', 'Make', 'Model', 'VIN', 'Price', 'Status'],
        [2020, 'Kia', 'Soul', withCheckDigit('KNDJN2A20L7000001'), '15000', 'Gone'],
      ]),
      'vehicles',
    );
    expect(vehicles.invalid_rows).toEqual([{ row: 2, reason: 'Status must be available, pending, sold or reserved' }]);
  });

  it('counts only the rows a run wrote when it stops part-way', async () => {
    // The database refuses one row of the second batch, as a full disk or a lost connection would.
    await t.database.pool.query(`
      CREATE FUNCTION refuse_stop_here() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Stop Here' THEN RAISE EXCEPTION 'could not extend file'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.pool.query(
      'CREATE TRIGGER refuse_stop_here BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_stop_here()',
    );
    try {
      const rows: string[][] = [['Name', 'Email']];
      for (let i = 0; i < 800; i++) rows.push([`Partial ${i}`, `partial.${i}@example.com`]);
      rows[10]![1] = 'not-an-email';
      rows[600]![1] = 'also-not-an-email';
      rows[650]![0] = 'Stop Here';
      const before = await rowCount(t.database, 'customers');
      const file = await uploaded(agent, csv(rows));
      const response = await t.call({
        method: 'POST',
        url: `/api/imports/${file.id}/run`,
        payload: { mapping: file.mapping },
        as: agent,
      });
      const last = JSON.parse(response.body.trim().split('\n').at(-1)!) as ImportRunEvent;
      const written = { new: 499, updated: 0, unchanged: 0, invalid: 1 };
      expect(last).toMatchObject({ type: 'failed', summary: { status: 'failed', ...written } });
      expect(await rowCount(t.database, 'customers')).toBe(before + 499);
      expect((await t.call({ method: 'GET', url: `/api/imports/${file.id}`, as: agent })).json()).toMatchObject(written);
    } finally {
      await t.database.pool.query('DROP TRIGGER refuse_stop_here ON customers');
      await t.database.pool.query('DROP FUNCTION refuse_stop_here()');
    }
  });
});

describe('matching existing records', () => {
  it('updates a customer matched by e-mail in any case, or by the same phone written another way', async () => {
    const byEmail = (
      await t.call({
        method: 'POST',
        url: '/api/customers',
        as: agent,
        payload: { name: 'Erin Email', email: 'Erin@Example.com' },
      })
    ).json();
    const byPhone = (
      await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Pat Phone', phone: '(415) 555-0134' } })
    ).json();
    const { summary } = await importFile(
      agent,
      csv([
        ['Name', 'E-mail', 'Phone number', 'Notes'],
        ['Erin Email', 'erin@EXAMPLE.com', '', 'Prefers mornings'],
        ['Pat Phone', '', '+1 415-555-0134', 'Call after five'],
        ['Pat Phone', '', '+1 415-555-0134', 'Call after five'],
      ]),
    );
    expect(summary).toMatchObject({ new: 0, updated: 2, unchanged: 1, invalid: 0 });
    const erin = await t.database.db.selectFrom('customers').selectAll().where('id', '=', byEmail.id).executeTakeFirstOrThrow();
    expect(erin).toMatchObject({ notes: 'Prefers mornings', email: 'erin@EXAMPLE.com' });
    const pat = await t.database.db.selectFrom('customers').selectAll().where('id', '=', byPhone.id).executeTakeFirstOrThrow();
    // The mapped columns are written as the file has them; the second row of Pat's then changes nothing.
    expect(pat).toMatchObject({ notes: 'Call after five', phone: '+1 415-555-0134' });
  });

  it("refuses to change another agent's customer, as an invalid row, and creates no duplicate", async () => {
    await t.call({
      method: 'POST',
      url: '/api/customers',
      as: other,
      payload: { name: 'Olga Own', email: 'olga.own@example.com' },
    });
    const { report } = await importFile(
      agent,
      csv([
        ['Name', 'Email'],
        ['Someone Else', 'OLGA.OWN@example.com'],
        ['A New One', 'new.one@example.com'],
      ]),
    );
    expect(report).toMatchObject({
      new: 1,
      invalid: 1,
      invalid_rows: [{ row: 2, reason: expect.stringContaining('another agent') }],
    });
    const olga = await t.database.db.selectFrom('customers').selectAll().where('email', '=', 'olga.own@example.com').execute();
    expect(olga).toMatchObject([{ name: 'Olga Own', user_id: other.id }]);
  });

  it('upserts vehicles on their VIN, in any case, and an export of the inventory imports as unchanged', async () => {
    const vin = withCheckDigit('1HGCM82633A004352');
    const created = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      as: agent,
      payload: { make: 'Honda', model: 'Accord', year: 2020, vin, price_cents: 18_000_00, mileage: 30_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = withCheckDigit('5YJ3E1EA7KF317000');
    const result = await importFile(
      agent,
      csv([
        ['Year', 'Make', 'Model', 'VIN', 'Mileage', 'Price', 'Features'],
        [2020, 'Honda', 'Accord', vin.toLowerCase(), '31,500', '17,500.00', 'Sunroof; Bluetooth'],
        [2019, 'Tesla', 'Model 3', second, '12000', '32000', ''],
        [2019, 'Tesla', 'Model 3', '', '12000', '32000', ''],
        ['19x', 'Tesla', 'Model 3', withCheckDigit('5YJ3E1EA7KF317001'), '12000', '32000', ''],
        [2018, 'Tesla', 'Model S', withCheckDigit('5YJSA1E2XJF000001'), '12000', 'call us', ''],
      ]),
      'vehicles',
    );
    expect(result.summary).toMatchObject({ new: 1, updated: 1, unchanged: 0, invalid: 3 });
    expect(result.invalid_rows).toEqual([
      { row: 4, reason: 'Needs a VIN to match the vehicle on' },
      { row: 5, reason: 'Invalid year' },
      { row: 6, reason: 'Price must be positive' },
    ]);
    const honda = await t.database.db.selectFrom('vehicles').selectAll().where('vin', '=', vin).execute();
    expect(honda).toMatchObject([{ mileage: 31_500, price_cents: 17_500_00, features: ['Sunroof', 'Bluetooth'] }]);
    const exported = await t.call({ method: 'GET', url: '/api/vehicles/export.csv', as: agent });
    const again = await importFile(agent, Buffer.from(exported.body), 'vehicles');
    expect(again.summary).toMatchObject({ new: 0, updated: 0, unchanged: 2, invalid: 0 });
    // A file without a Condition column leaves an existing vehicle's as it was and adds used ones.
    const tesla = await t.database.db
      .selectFrom('vehicles')
      .select('condition')
      .where('vin', '=', second)
      .executeTakeFirstOrThrow();
    expect(tesla.condition).toBe('used');
    const conditions = await importFile(
      agent,
      csv([
        ['Year', 'Make', 'Model', 'VIN', 'Price', 'New/Used'],
        [2027, 'Kia', 'EV9', withCheckDigit('KNDADBA19R6000001'), '54000', 'New'],
        [2019, 'Tesla', 'Model 3', second, '32000', 'used'],
        [2024, 'Kia', 'EV6', withCheckDigit('KNDC44LA0R5000001'), '41000', 'demo'],
      ]),
      'vehicles',
    );
    expect(conditions.invalid_rows).toEqual([{ row: 4, reason: 'Condition: Choose new or used' }]);
    const ev9 = await t.database.db
      .selectFrom('vehicles')
      .select('condition')
      .where('model', '=', 'EV9')
      .executeTakeFirstOrThrow();
    expect(ev9.condition).toBe('new');
  });

  it("refuses a row that would change the status of a vehicle its deals decide, with the deal's reason", async () => {
    const vin = withCheckDigit('1FTFW1E50KF000001');
    const vehicle = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      as: agent,
      payload: { make: 'Ford', model: 'F-150', year: 2019, vin, price_cents: 30_000_00, status: 'sold' },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
    const year = new Date().getUTCFullYear();
    const deal = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        date: `${year}-02-02`,
        manufacturer: 'Ford',
        model: 'F-150',
        year: 2019,
        customer_name: 'Dee Dealer',
        agent_name: 'Aaron Agent',
        status: 'completed',
        vehicle_id: vehicle.json().id,
        contract_price_cents: 30_000_00,
        broker_fee_cents: 1_000_00,
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const { report } = await importFile(
      agent,
      csv([
        ['Year', 'Make', 'Model', 'VIN', 'Price', 'Status'],
        [2019, 'Ford', 'F-150', vin, '30000', 'Available'],
      ]),
      'vehicles',
    );
    expect(report).toMatchObject({
      updated: 0,
      invalid: 1,
      invalid_rows: [{ row: 2, reason: expect.stringMatching(/completed deal/) }],
    });
  });

  it('maps the customer export back to itself, so an export re-imports unchanged', async () => {
    const exported = await t.call({ method: 'GET', url: '/api/customers/export.csv', as: other });
    const file = await uploaded(other, Buffer.from(exported.body));
    expect(file.mapping).toMatchObject({ name: 0, email: 1, phone: 2, budget: 7, referred_by_name: 8, birthday: 9, notes: 10 });
    const report = await dryRun(other, file);
    expect(report).toMatchObject({ new: 0, updated: 0, unchanged: 1, invalid: 0 });
  });
});

describe('undo', () => {
  it('knows every table that names an imported record: one that keeps it, or one it takes along', async () => {
    for (const spec of Object.values(importKindSpecs)) {
      const { rows } = await sql<{ table: string; column: string }>`
        SELECT cl.relname AS table, a.attname AS column
        FROM pg_constraint con
        JOIN pg_class cl ON cl.oid = con.conrelid
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
        WHERE con.contype = 'f' AND con.confrelid = ${spec.table}::regclass`.execute(t.database.db);
      const named = (list: readonly { table: string; column: string }[]) => list.map((r) => `${r.table}.${r.column}`).sort();
      expect(rows.length, spec.table).toBeGreaterThanOrEqual(2);
      expect(named([...spec.references, ...spec.removedWith]), `the tables that name ${spec.table}`).toEqual(named(rows));
    }
  });

  it('removes the records an import added and restores those it changed', async () => {
    const kept = (
      await t.call({
        method: 'POST',
        url: '/api/customers',
        as: agent,
        payload: { name: 'Una Undo', email: 'una@example.com', notes: 'Before' },
      })
    ).json();
    const { summary } = await importFile(
      agent,
      csv([
        ['Name', 'Email', 'Notes'],
        ['Una Undo', 'una@example.com', 'After'],
        ['Nina New', 'nina@example.com', ''],
        ['Noel New', 'noel@example.com', ''],
      ]),
    );
    expect(summary).toMatchObject({ new: 2, updated: 1 });
    // Another customer now names one of the new ones as their referrer: that one stays.
    const noel = await t.database.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'noel@example.com')
      .executeTakeFirstOrThrow();
    const referred = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Rita Referred', referred_by_customer_id: noel.id },
    });
    expect(referred.statusCode).toBe(201);
    const undo = await t.call({ method: 'POST', url: `/api/imports/${summary.id}/undo`, payload: {}, as: agent });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      restored: 1,
      removed: 1,
      kept: [expect.stringMatching(/^1 customer it added was kept/)],
    });
    const una = await t.database.db.selectFrom('customers').selectAll().where('id', '=', kept.id).executeTakeFirstOrThrow();
    expect(una.notes).toBe('Before');
    expect(await t.database.db.selectFrom('customers').select('id').where('email', '=', 'nina@example.com').execute()).toEqual(
      [],
    );
    const again = await t.call({ method: 'POST', url: `/api/imports/${summary.id}/undo`, payload: {}, as: agent });
    expect(again.statusCode).toBe(409);
    const rerun = await t.call({
      method: 'POST',
      url: `/api/imports/${summary.id}/run`,
      payload: { mapping: { name: 0, email: 1 } },
      as: agent,
    });
    expect(rerun.statusCode).toBe(409);
  });

  it('refuses an undo an hour after the import', async () => {
    const { summary } = await importFile(
      agent,
      csv([
        ['Name', 'Email'],
        ['Late Larry', 'larry@example.com'],
      ]),
    );
    await t.database.db
      .updateTable('imports')
      .set({ created_at: sql<Date>`now() - interval '61 minutes'` })
      .where('id', '=', summary.id)
      .execute();
    const undo = await t.call({ method: 'POST', url: `/api/imports/${summary.id}/undo`, payload: {}, as: agent });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error.message).toMatch(/within an hour/);
    expect(
      await t.database.db.selectFrom('customers').select('id').where('email', '=', 'larry@example.com').execute(),
    ).toHaveLength(1);
  });

  it("hides one agent's import from another", async () => {
    const file = await uploaded(
      agent,
      csv([
        ['Name', 'Email'],
        ['Hidden', 'hidden@example.com'],
      ]),
    );
    const response = await t.call({
      method: 'POST',
      url: `/api/imports/${file.id}/dry-run`,
      payload: { mapping: file.mapping },
      as: other,
    });
    expect(response.statusCode).toBe(404);
    const asAdmin = await t.call({ method: 'GET', url: `/api/imports/${file.id}`, as: admin });
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses what is not a CSV file, an empty file and a bad mapping, and stores nothing', async () => {
    const imports = await rowCount(t.database, 'imports');
    const customers = await rowCount(t.database, 'customers');
    expect((await upload(agent, await pngFile())).statusCode).toBe(415);
    expect((await upload(agent, Buffer.from('Name,Email\nA\0B,a@b.c\n'))).statusCode).toBe(415);
    expect((await upload(agent, Buffer.from([0x4e, 0x61, 0xff, 0xfe, 0x0a]))).statusCode).toBe(415);
    expect((await upload(agent, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(agent, Buffer.from('Name,Email\r\n\r\n'))).statusCode).toBe(400);
    expect((await upload(agent, Buffer.from('Name,Email\n"unclosed,a@b.c\n'))).statusCode).toBe(400);
    expect((await upload(agent, Buffer.from('Name\nA\n'), 'deals')).statusCode).toBe(400);
    expect(await rowCount(t.database, 'imports')).toBe(imports);

    const file = await uploaded(
      agent,
      csv([
        ['Name', 'Email'],
        ['Mapped Badly', 'bad.map@example.com'],
      ]),
    );
    for (const mapping of [{ name: 0 }, { name: 0, email: 7 }, { nickname: 0, email: 1 }, { name: null, email: 1 }]) {
      for (const step of ['dry-run', 'run']) {
        const response = await t.call({
          method: 'POST',
          url: `/api/imports/${file.id}/${step}`,
          payload: { mapping },
          as: agent,
        });
        expect({ mapping, step, status: response.statusCode }).toEqual({ mapping, step, status: 400 });
      }
    }
    expect(await rowCount(t.database, 'customers')).toBe(customers);
    const summary = await t.call({ method: 'GET', url: `/api/imports/${file.id}`, as: agent });
    expect(summary.json().status).toBe('uploaded');
  });
});
