import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let other: TestUser;

const thisYear = new Date().getUTCFullYear();
const vehicleBody = { make: 'Audi', model: 'Q7', year: thisYear, price_cents: 45_000_00 };
const dealBody = (fields: Record<string, unknown> = {}) => ({
  date: `${thisYear}-02-03`,
  manufacturer: 'Audi',
  model: 'Q7',
  year: thisYear,
  customer_name: 'Dora Deleted',
  agent_name: 'x',
  contract_price_cents: 45_000_00,
  broker_fee_cents: 1_000_00,
  ...fields,
});

async function post(url: string, as: TestUser, payload: Record<string, unknown>) {
  const response = await t.call({ method: 'POST', url, as, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function upload(parent: string, as: TestUser) {
  const { payload, headers } = multipartBody('contract.pdf', await pdfFile('Delete me'));
  const response = await t.call({ method: 'POST', url: `${parent}/documents`, payload, headers, as });
  expect(response.statusCode).toBe(201);
  const table = parent.startsWith('/api/deals') ? 'deal_documents' : 'customer_documents';
  return (
    await t.database.db.selectFrom(table).select('file_path').where('id', '=', response.json().id).executeTakeFirstOrThrow()
  ).file_path;
}

const blobExists = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'blobs', key));
const del = (url: string, as: TestUser) => t.call({ method: 'DELETE', url, as });
const auditOf = (entityId: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'changes'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute();

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Aaron Agent');
  other = await t.createUser('agent', 'Olga Other');
});
afterAll(() => t.close());

describe('deleting a customer', () => {
  it('removes their documents with the files, unlinks deals, keeps referrals by name, and keeps the audit rows', async () => {
    const customer = await post('/api/customers', agent, { name: 'Dora Deleted' });
    const referred = await post('/api/customers', agent, { name: 'Ralph Referred', referred_by_customer_id: customer.id });
    const key = await upload(`/api/customers/${customer.id}`, agent);
    const deal = await post('/api/deals', agent, dealBody({ customer_id: customer.id }));
    expect(blobExists(key)).toBe(true);

    expect((await del(`/api/customers/${customer.id}`, other)).statusCode).toBe(404);
    const response = await del(`/api/customers/${customer.id}`, agent);
    expect(response.statusCode).toBe(204);

    expect((await t.call({ method: 'GET', url: `/api/customers/${customer.id}`, as: agent })).statusCode).toBe(404);
    expect(
      await t.database.db.selectFrom('customer_documents').select('id').where('customer_id', '=', customer.id).execute(),
    ).toEqual([]);
    expect(blobExists(key)).toBe(false);
    const keptDeal = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).json();
    expect(keptDeal).toMatchObject({ customer_id: null, customer_name: 'Dora Deleted', customer: null });
    const keptReferral = (await t.call({ method: 'GET', url: `/api/customers/${referred.id}`, as: agent })).json();
    expect(keptReferral).toMatchObject({
      referred_by_customer_id: null,
      referred_by_name: 'Dora Deleted',
      lead_source: 'Referral',
    });
    const audit = await auditOf(customer.id);
    expect(audit.map((a) => a.action)).toEqual(['created', 'document_added', 'deleted']);
    expect(audit.at(-1)!.changes).toEqual({ name: 'Dora Deleted', documents: 1, deals_unlinked: 1, referrals_kept: 1 });
    expect((await del(`/api/customers/${customer.id}`, agent)).statusCode).toBe(404);
  });

  it('is allowed to editors and admins, as editing is', async () => {
    for (const user of [editor, admin]) {
      const customer = await post('/api/customers', agent, { name: 'Edna Editable' });
      expect((await del(`/api/customers/${customer.id}`, user)).statusCode).toBe(204);
    }
    expect((await del('/api/customers/not-a-customer', agent)).statusCode).toBe(404);
  });
});

describe('deleting a vehicle', () => {
  it('is refused with a reason while a deal names it', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    await post('/api/deals', agent, dealBody({ vehicle_id: vehicle.id }));
    const refused = await del(`/api/vehicles/${vehicle.id}`, agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This vehicle is on a deal. Remove it from that deal before deleting it.');
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).statusCode).toBe(200);
  });

  it('removes a vehicle no deal names, keeping its audit rows', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    expect((await del(`/api/vehicles/${vehicle.id}`, other)).statusCode).toBe(404);
    expect((await del(`/api/vehicles/${vehicle.id}`, agent)).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).statusCode).toBe(404);
    expect((await auditOf(vehicle.id)).map((a) => a.action)).toEqual(['created', 'deleted']);
  });
});

describe('deleting a deal', () => {
  it('removes its documents, frees its vehicle and takes it out of the figures', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    const deal = await post('/api/deals', agent, dealBody({ vehicle_id: vehicle.id, status: 'completed' }));
    const key = await upload(`/api/deals/${deal.id}`, agent);
    const units = async () =>
      (await t.call({ method: 'GET', url: `/api/analytics/deals?year=${thisYear}`, as: agent })).json().totals.units;
    const before = await units();
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json().status).toBe('sold');

    expect((await del(`/api/deals/${deal.id}`, other)).statusCode).toBe(404);
    expect((await del(`/api/deals/${deal.id}`, agent)).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).statusCode).toBe(404);
    expect(blobExists(key)).toBe(false);
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json().status).toBe('available');
    expect(await units()).toBe(before - 1);
    expect((await auditOf(deal.id)).map((a) => a.action)).toEqual(['created', 'document_added', 'deleted']);
  });
});

describe("a vehicle's status and its deals", () => {
  it('refuses to make a vehicle sold through a completed deal available again, and says why', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    await post('/api/deals', agent, dealBody({ vehicle_id: vehicle.id, status: 'completed' }));
    const detail = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json();
    expect(detail.status).toBe('sold');
    expect(detail.status_rule).toEqual({ allowed: ['sold'], reason: expect.stringContaining('sold through a completed deal') });
    const { status_rule: _rule, id: _id, user_id: _owner, created_at: _created, ...fields } = detail;
    const refused = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: agent,
      payload: { ...fields, status: 'available' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: detail.status_rule.reason,
      fields: { status: detail.status_rule.reason },
    });
    const other = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: agent,
      payload: { ...fields, notes: 'Delivered' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('keeps a vehicle on an open deal pending or reserved', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    await post('/api/deals', agent, dealBody({ vehicle_id: vehicle.id, status: 'pending' }));
    const detail = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json();
    expect(detail.status_rule.allowed).toEqual(['pending', 'reserved']);
    const { status_rule: _rule, id: _id, user_id: _owner, created_at: _created, ...fields } = detail;
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/api/vehicles/${vehicle.id}`,
          as: agent,
          payload: { ...fields, status: 'available' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await t.call({ method: 'PUT', url: `/api/vehicles/${vehicle.id}`, as: agent, payload: { ...fields, status: 'reserved' } }))
        .statusCode,
    ).toBe(200);
  });

  it('leaves a vehicle without deals to the inventory', async () => {
    const vehicle = await post('/api/vehicles', agent, vehicleBody);
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json().status_rule).toBeNull();
  });
});
