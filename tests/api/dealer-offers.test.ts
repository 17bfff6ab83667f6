import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NOT_ON_DEAL } from '../../src/server/modules/desking/dealer-offers.js';
import { DECLINE_REASON_REQUIRED, OFFER_NOT_OPEN, type DealerOfferList } from '../../src/shared/desking/dealer-offers.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let agent: TestUser;
let otherAgent: TestUser;
let editor: TestUser;

const thisYear = new Date().getFullYear();

async function createDeal(as: TestUser) {
  const response = await t.call({
    method: 'POST',
    url: '/api/deals',
    as,
    payload: {
      date: `${thisYear}-05-02`,
      manufacturer: 'Toyota',
      model: 'Highlander',
      year: thisYear,
      customer_name: 'Ruth Brooks',
      customer_phone: '(512) 555-0199',
      customer_email: null,
      agent_name: 'Anyone',
      contract_price_cents: 4_500_000,
      monthly_payment_cents: null,
      broker_fee_cents: 75_000,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const offer = (dealer: string, price_cents: number, fees_cents: number, extra: Record<string, unknown> = {}) => ({
  dealer,
  contact: `${dealer} sales desk`,
  vehicle: `${thisYear} Toyota Highlander XLE`,
  vin: null,
  price_cents,
  fees_cents,
  availability: 'in_stock',
  expires_on: `${thisYear + 1}-01-31`,
  ...extra,
});

const add = (as: TestUser, dealId: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/deals/${dealId}/dealer-offers`, as, payload });
const list = async (as: TestUser, dealId: string) =>
  (await t.call({ method: 'GET', url: `/api/deals/${dealId}/dealer-offers`, as })).json() as DealerOfferList;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eve Editor');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});
afterAll(() => t.close());

describe("a brokerage's offers from dealers", () => {
  it("compares three offers by the client's total cost, with the deal's state tax and the broker fee", async () => {
    const dealId = await createDeal(agent);
    for (const [dealer, price, fees] of [
      ['Lakeside Toyota', 4_420_000, 89_500],
      ['Hill Country Toyota', 4_380_000, 150_000],
      ['Capital Toyota', 4_450_000, 0],
    ] as const) {
      const response = await add(agent, dealId, offer(dealer, price, fees));
      expect(response.statusCode, response.body).toBe(201);
    }
    const offers = await list(agent, dealId);
    // No worksheet: the default state, Texas, at 6.25 %, which taxes a documentation fee and so the dealer's fees, the
    // draft's $0 title and registration, and the deal's own broker fee.
    expect(offers).toMatchObject({ state: 'TX', tax_rate_percent: 6.25, broker_fee_cents: 75_000, dealer_fees_taxed: true });
    expect(offers.items.map((o) => [o.dealer, o.sales_tax_cents, o.total_cents])).toEqual([
      // (44,200 + 895) × 6.25 % = 2,818.4375 → 2,818.44; 44,200 + 895 + 2,818.44 + 750 = 48,663.44
      ['Lakeside Toyota', 281_844, 4_866_344],
      // (43,800 + 1,500) × 6.25 % = 2,831.25; 43,800 + 1,500 + 2,831.25 + 750 = 48,881.25
      ['Hill Country Toyota', 283_125, 4_888_125],
      // 44,500 × 6.25 % = 2,781.25; 44,500 + 0 + 2,781.25 + 750 = 48,031.25
      ['Capital Toyota', 278_125, 4_803_125],
    ]);
    expect(offers.items.every((o) => o.status === 'open' && o.created_by_name === 'Ava Agent')).toBe(true);

    // Another agent's deal is not theirs to see or add to.
    expect((await t.call({ method: 'GET', url: `/api/deals/${dealId}/dealer-offers`, as: otherAgent })).statusCode).toBe(404);
    expect((await add(otherAgent, dealId, offer('Sneaky Motors', 1, 0))).statusCode).toBe(404);
    expect((await list(editor, dealId)).items).toHaveLength(3);
  });

  it('refuses bad input and stores nothing', async () => {
    const dealId = await createDeal(agent);
    for (const [payload, message] of [
      [offer('', 4_000_000, 0), 'Name the dealer'],
      [offer('Lakeside Toyota', -1, 0), 'Price must be positive'],
      [offer('Lakeside Toyota', 4_000_000, 0, { vin: 'NOT-A-VIN' }), undefined],
      [offer('Lakeside Toyota', 4_000_000, 0, { availability: 'someday' }), 'Choose when the vehicle is available'],
      [offer('Lakeside Toyota', 4_000_000, 0, { expires_on: '2026-02-30' }), 'Invalid date'],
    ] as const) {
      const response = await add(agent, dealId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().error.message).toBe(message);
    }
    // A document of another deal cannot be attached.
    const otherDeal = await createDeal(agent);
    const { payload, headers } = multipartBody('quote.pdf', await pdfFile('Dealer quote'));
    const upload = await t.call({ method: 'POST', url: `/api/deals/${otherDeal}/documents`, as: agent, payload, headers });
    expect(upload.statusCode, upload.body).toBe(201);
    const foreign = await add(agent, dealId, offer('Lakeside Toyota', 4_000_000, 0, { document_id: upload.json().id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(DOCUMENT_NOT_ON_DEAL);
    expect((await list(agent, dealId)).items).toEqual([]);

    const own = await add(agent, otherDeal, offer('Lakeside Toyota', 4_000_000, 0, { document_id: upload.json().id }));
    expect(own.statusCode, own.body).toBe(201);
    expect((await list(agent, otherDeal)).items[0]).toMatchObject({ document_name: 'quote.pdf' });
  });

  it('chooses one, declines the others with the reason, and the desked deal takes its price', async () => {
    const dealId = await createDeal(agent);
    const sheet = await t.call({
      method: 'PUT',
      url: `/api/deals/${dealId}/worksheet`,
      as: agent,
      payload: {
        state: 'CA',
        worksheet: { selling_price_cents: 4_500_000, broker_fee_cents: 99_500, structure: { kind: 'cash' } },
        updated_at: null,
      },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const ids: string[] = [];
    for (const [dealer, price] of [
      ['Lakeside Toyota', 4_420_000],
      ['Capital Toyota', 4_450_000],
      ['Bay Toyota', 4_400_000],
    ] as const) {
      ids.push((await add(agent, dealId, offer(dealer, price, 0))).json().id);
    }
    const compared = await list(agent, dealId);
    // Desked in California: its 7.25 % and the worksheet's broker fee.
    expect(compared).toMatchObject({ state: 'CA', tax_rate_percent: 7.25, broker_fee_cents: 99_500 });

    const choose = (id: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: `/api/deals/${dealId}/dealer-offers/${id}/choose`, as: agent, payload });
    const noReason = await choose(ids[2]!, { decline_reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(DECLINE_REASON_REQUIRED);
    expect((await choose(ids[2]!, { decline_reason: 'Higher total cost' })).statusCode).toBe(200);

    const after = await list(agent, dealId);
    expect(after.items.map((o) => [o.dealer, o.status, o.decline_reason])).toEqual([
      ['Lakeside Toyota', 'declined', 'Higher total cost'],
      ['Capital Toyota', 'declined', 'Higher total cost'],
      ['Bay Toyota', 'chosen', null],
    ]);
    const again = await choose(ids[0]!, { decline_reason: 'Changed our mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(OFFER_NOT_OPEN);

    const worksheet = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent })).json();
    expect(worksheet.worksheet.selling_price_cents).toBe(4_400_000);
    const deal = (await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json();
    expect(deal.contract_price_cents).toBe(4_400_000);
    const timeline = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/timeline`, as: agent })).json() as {
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(timeline.find((e) => e.action === 'dealer_offer_chosen')?.changes).toMatchObject({
      dealer: 'Bay Toyota',
      declined: ['Lakeside Toyota', 'Capital Toyota'],
      decline_reason: 'Higher total cost',
    });
  });

  it("gives an offer the same client's total as the worksheet of the same deal, and the chosen one becomes the deal's", async () => {
    const dealId = await createDeal(agent);
    const desk = async (state: string, worksheet: Record<string, unknown>) => {
      const current = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent })).json();
      const saved = await t.call({
        method: 'PUT',
        url: `/api/deals/${dealId}/worksheet`,
        as: agent,
        payload: { state, worksheet, updated_at: current.updated_at },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json();
    };
    // Texas taxes the documentation fee: $37,000 + $150 doc fee, tax (37,000 + 150) × 6.25 % = 2,321.875 → $2,321.88,
    // and a $350 broker fee: the client pays $39,821.88 — not $39,812.50, the tax on the price alone.
    const sheet = await desk('TX', {
      selling_price_cents: 3_700_000,
      fees: [
        { name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' },
        { name: 'Title and registration', amount_cents: 0, taxable: false, kind: 'other' },
      ],
      broker_fee_cents: 35_000,
      structure: { kind: 'cash' },
    });
    expect(sheet.figures.totals.cash_price_cents + sheet.worksheet.broker_fee_cents).toBe(3_982_188);
    const same = (await add(agent, dealId, offer('Lakeside Toyota', 3_700_000, 15_000))).json().id as string;
    const other = (await add(agent, dealId, offer('Hill Country Toyota', 3_650_000, 89_500))).json().id as string;
    const compared = await list(agent, dealId);
    expect(compared.items.map((o) => [o.dealer, o.sales_tax_cents, o.total_cents])).toEqual([
      ['Lakeside Toyota', 232_188, 3_982_188],
      // (36,500 + 895) × 6.25 % = 2,337.1875 → 2,337.19; 36,500 + 895 + 2,337.19 + 350 = 40,082.19
      ['Hill Country Toyota', 233_719, 4_008_219],
    ]);

    // Chosen, the offer's price and fees are the worksheet's: its client's total is the offer's.
    const chosen = await t.call({
      method: 'POST',
      url: `/api/deals/${dealId}/dealer-offers/${other}/choose`,
      as: agent,
      payload: { decline_reason: 'The client preferred another dealer' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent })).json();
    expect(after.worksheet.selling_price_cents).toBe(3_650_000);
    expect(after.worksheet.fees).toEqual([
      { name: 'Dealer fees', amount_cents: 89_500, taxable: true, kind: 'doc_fee' },
      { name: 'Title and registration', amount_cents: 0, taxable: false, kind: 'other' },
    ]);
    expect(after.figures.totals.cash_price_cents + after.worksheet.broker_fee_cents).toBe(4_008_219);
    const decided = await list(agent, dealId);
    expect(decided.items.find((o) => o.id === other)).toMatchObject({ status: 'chosen', total_cents: 4_008_219 });
    expect(decided.items.find((o) => o.id === same)).toMatchObject({ status: 'declined' });

    // New York does not tax a reasonable documentation fee (TSB-A-14(7)S), nor then the dealer's fees: 36,500 × 4 % = 1,460;
    // 36,500 + 895 + 1,460 + 350 = 39,205.
    await desk('NY', after.worksheet);
    const inNewYork = await list(agent, dealId);
    expect(inNewYork).toMatchObject({ state: 'NY', tax_rate_percent: 4, dealer_fees_taxed: false });
    expect(inNewYork.items.find((o) => o.id === other)).toMatchObject({ sales_tax_cents: 146_000, total_cents: 3_920_500 });
  });

  it('edits an offer by the version read, and removes one', async () => {
    const dealId = await createDeal(agent);
    const id = (await add(agent, dealId, offer('Lakeside Toyota', 4_420_000, 0))).json().id as string;
    const [read] = (await list(agent, dealId)).items;
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/deals/${dealId}/dealer-offers/${id}`, as: agent, payload });
    const edited = await put({ ...offer('Lakeside Toyota', 4_390_000, 0), updated_at: read!.updated_at });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list(agent, dealId)).items[0]!.price_cents).toBe(4_390_000);
    expect((await put({ ...offer('Lakeside Toyota', 4_000_000, 0), updated_at: read!.updated_at })).statusCode).toBe(409);
    expect((await t.call({ method: 'DELETE', url: `/api/deals/${dealId}/dealer-offers/${id}`, as: otherAgent })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'DELETE', url: `/api/deals/${dealId}/dealer-offers/${id}`, as: agent })).statusCode).toBe(204);
    expect((await list(agent, dealId)).items).toEqual([]);
  });
});
