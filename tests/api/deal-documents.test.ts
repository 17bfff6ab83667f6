import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealDocument } from '../../src/shared/documents/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';

let t: TestContext;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;

const newDeal = async (as: TestUser, customer: string) =>
  (
    await t.call({
      method: 'POST',
      url: '/api/deals',
      as,
      payload: {
        date: '2026-06-01',
        manufacturer: 'Toyota',
        model: 'RAV4',
        year: 2025,
        customer_name: customer,
        agent_name: 'x',
        contract_price_cents: 3_200_000,
        broker_fee_cents: 60_000,
      },
    })
  ).json().id as string;

async function upload(as: TestUser, dealId: string, name: string, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(name, await pdfFile(name), 'application/pdf', fields);
  return t.call({ method: 'POST', url: `/api/deals/${dealId}/documents`, as, payload, headers });
}
const all = async (as: TestUser, query = ''): Promise<{ items: DealDocument[]; nextCursor: string | null }> =>
  (await t.call({ method: 'GET', url: `/api/documents?${query}`, as })).json();

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
  admin = await t.createUser('admin', 'Ada Admin');
});
afterAll(() => t.close());

describe('deal documents in Communications', () => {
  it('keeps what a document is when the upload says, and refuses an unknown type with nothing stored', async () => {
    const deal = await newDeal(agent, 'Grace Hall');
    const stored = await upload(agent, deal, 'contract.pdf', { category: 'contract' });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json().category).toBe('contract');
    const untyped = await upload(agent, deal, 'scan.pdf');
    expect(untyped.json().category).toBeNull();
    const unknown = await upload(agent, deal, 'odd.pdf', { category: 'receipt' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.category).toBe('Choose what the document is');
    const list = (await t.call({ method: 'GET', url: `/api/deals/${deal}/documents`, as: agent })).json();
    expect(list.map((d: { file_name: string }) => d.file_name).sort()).toEqual(['contract.pdf', 'scan.pdf']);
  });

  it('lists every deal document the reader may see, newest first, paged, with its deal', async () => {
    const mine = await newDeal(agent, 'Henry Ford');
    const theirs = await newDeal(otherAgent, 'Ivy Lane');
    await upload(agent, mine, 'mine-1.pdf', { category: 'invoice' });
    await upload(agent, mine, 'mine-2.pdf', { category: 'title' });
    await upload(otherAgent, theirs, 'theirs.pdf', { category: 'insurance' });

    const agentNames = (await all(agent, 'limit=100')).items.map((d) => d.file_name);
    expect(agentNames).toContain('mine-2.pdf');
    expect(agentNames).not.toContain('theirs.pdf');
    expect((await all(otherAgent, 'limit=100')).items.map((d) => d.file_name)).toEqual(['theirs.pdf']);

    const first = await all(admin, 'limit=2');
    expect(first.items.map((d) => d.file_name)).toEqual(['theirs.pdf', 'mine-2.pdf']);
    expect(first.items[1]).toMatchObject({
      deal_id: mine,
      deal_label: 'Toyota RAV4 · Henry Ford',
      category: 'title',
      uploaded_by_name: 'Ava Agent',
    });
    const rest = await all(admin, `limit=100&cursor=${first.nextCursor}`);
    expect(rest.items.map((d) => d.file_name)).toEqual(['mine-1.pdf', 'scan.pdf', 'contract.pdf']);
    expect((await t.call({ method: 'GET', url: '/api/documents?cursor=forged', as: admin })).statusCode).toBe(400);
  });
});
