import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../src/shared/common/time.js';
import {
  QUOTE_ALREADY_ACCEPTED,
  QUOTE_EXPIRED,
  QUOTE_NEEDS_WORKSHEET,
  QUOTE_NOT_VALID,
  QUOTE_WITHDRAWN,
  type PublicQuote,
} from '../../src/shared/desking/quote.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { multipartBody, pdfText, photoFile } from '../helpers/document-files.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { pdfPages } from '../helpers/pdf-tools.js';
import { startSmtpPeer } from '../helpers/smtp.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;

const thisYear = new Date().getFullYear();

async function createDeal(as: TestUser, email = 'nora.quinn@example.com', customer_id: string | null = null) {
  const response = await t.call({
    method: 'POST',
    url: '/api/deals',
    as,
    payload: {
      date: `${thisYear}-03-14`,
      manufacturer: 'Honda',
      model: 'CR-V',
      year: thisYear,
      customer_name: 'Nora Quinn',
      customer_phone: '(512) 555-0101',
      customer_email: email,
      agent_name: 'Anyone',
      contract_price_cents: 3_400_000,
      monthly_payment_cents: null,
      broker_fee_cents: 0,
      customer_id,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** Financed in Texas over 60 months, $1,000 down, a $495 broker fee, with two cells of the grid marked to present. */
const WORKSHEET = {
  selling_price_cents: 3_400_000,
  fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
  products: [{ kind: 'gap', name: 'GAP protection', price_cents: 79_500, cost_cents: 30_000, taxable: false }],
  cash_down_cents: 100_000,
  broker_fee_cents: 49_500,
  structure: {
    kind: 'finance',
    apr_percent: 5.9,
    term_months: 60,
    contract_date: '2026-12-03',
    first_payment_date: '2027-01-03',
  },
  options: [
    { term_months: 48, cash_down_cents: 200_000 },
    { term_months: 60, cash_down_cents: 0 },
  ],
};

async function desk(as: TestUser, dealId: string, worksheet: Record<string, unknown> = WORKSHEET) {
  const current = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as })).json();
  const response = await t.call({
    method: 'PUT',
    url: `/api/deals/${dealId}/worksheet`,
    as,
    payload: { state: 'TX', worksheet, updated_at: current.updated_at },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const send = (as: TestUser, dealId: string, payload: Record<string, unknown> = { to: 'nora.quinn@example.com' }) =>
  t.call({ method: 'POST', url: `/api/deals/${dealId}/quotes`, as, payload });

/** The link of the newest mail to `to` in the outbox (held: the tests send no mail out). */
async function linkSentTo(to: string) {
  const rows = await t.database.db.selectFrom('outbox').select(['payload']).orderBy('created_at', 'desc').execute();
  const mail = rows.map((r) => r.payload as { to: string; text: string }).find((p) => p.to === to);
  const link = mail?.text.match(/https?:\/\/\S+\/quote\/([A-Za-z0-9_-]+)/);
  expect(link, mail?.text).toBeTruthy();
  return { token: link![1]!, text: mail!.text };
}

const view = (token: string) => t.call({ method: 'GET', url: `/api/quotes/${token}` });
const accept = (token: string, option: number) =>
  t.call({
    method: 'POST',
    url: `/api/quotes/${token}/accept`,
    payload: { option },
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
  });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});
afterAll(() => t.close());

describe("a customer's quote", () => {
  it('is refused until the deal has a saved worksheet, and for a deal the actor may not see', async () => {
    const deal = await createDeal(agent);
    const refused = await send(agent, deal.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(QUOTE_NEEDS_WORKSHEET);
    await desk(agent, deal.id);
    expect((await send(otherAgent, deal.id)).statusCode).toBe(404);
    const bad = await send(agent, deal.id, { to: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('deal_quotes').selectAll().where('deal_id', '=', deal.id).execute()).toEqual([]);
  });

  it('presents the marked options with their figures and the broker fee, and is accepted once from the link', async () => {
    const deal = await createDeal(agent);
    const desked = await desk(agent, deal.id);
    const sent = await send(agent, deal.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const { token, text } = await linkSentTo('nora.quinn@example.com');
    expect(text).toContain('1. Finance, 48 months, $2,000 down');
    expect(text).toContain('2. Finance, 60 months, $0 down');

    // Only the hash of the link is kept.
    const stored = await t.database.db
      .selectFrom('deal_quotes')
      .selectAll()
      .where('id', '=', sent.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(stored.content)).not.toContain('cost_cents');

    const page = view(token);
    const quote = (await page).json() as PublicQuote;
    expect((await page).statusCode).toBe(200);
    expect(quote.state).toBe('open');
    expect(quote.content.broker_fee_cents).toBe(49_500);
    expect(quote.content.options.map((o) => o.label)).toEqual(['Finance, 48 months, $2,000 down', 'Finance, 60 months, $0 down']);
    expect(quote.content.options[0]!.figures.finance!.term_months).toBe(48);
    expect(quote.content.options[0]!.figures.totals.cash_down_cents).toBe(200_000);
    expect(quote.content.options[0]!.disclosure).toMatch(/^Annual percentage rate 5\.9\d %; finance charge \$/);
    // The 60-month option with no cash down finances $1,000 more than the worksheet's own $1,000 down.
    expect(quote.content.options[1]!.figures.totals.amount_financed_cents).toBe(
      desked.figures.totals.amount_financed_cents + 100_000,
    );
    expect(quote.content.valid_until).toBe(
      addDays(dayIn(defaultSettings.company.time_zone), defaultSettings.desking.quote_valid_days),
    );

    const pdf = await t.call({ method: 'GET', url: `/api/quotes/${token}/quote.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain('Quote for Nora Quinn');
    expect(printed).toContain('Broker fee to');
    expect(printed).toContain('Finance, 48 months, $2,000 down');
    expect(printed).not.toContain('$300.00'); // the product's cost

    const accepted = await accept(token, 0);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted', accepted_option: 0 });
    const again = await accept(token, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(QUOTE_ALREADY_ACCEPTED);

    // The deal takes the accepted option's figures and moves forward; the worksheet takes its term and cash down.
    const after = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).json();
    expect(after).toMatchObject({
      status: 'in-progress',
      contract_price_cents: 3_400_000,
      monthly_payment_cents: quote.content.options[0]!.figures.finance!.payment_cents,
      broker_fee_cents: 49_500,
    });
    const worksheet = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}/worksheet`, as: agent })).json();
    expect(worksheet.worksheet).toMatchObject({ cash_down_cents: 200_000, structure: { term_months: 48 } });
    expect(worksheet.figures.finance.payment_cents).toBe(quote.content.options[0]!.figures.finance!.payment_cents);

    const timeline = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}/timeline`, as: agent })).json() as {
      action: string;
      changes: Record<string, unknown>;
    }[];
    const acceptance = timeline.find((entry) => entry.action === 'quote_accepted');
    expect(acceptance?.changes).toMatchObject({
      option: 'Finance, 48 months, $2,000 down',
      device: expect.stringContaining('iPhone'),
    });
    expect(typeof acceptance?.changes.address).toBe('string');
    expect(timeline.some((entry) => entry.action === 'quote_sent')).toBe(true);

    const list = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}/quotes`, as: agent })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ state: 'accepted', accepted_option: 0, created_by_name: 'Ava Agent' });
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}/quotes`, as: otherAgent })).statusCode).toBe(404);
  });

  it('cannot be guessed, expires after its last day, and is withdrawn by a newer quote', async () => {
    // A well-formed token no quote has, and malformed ones.
    const unknown = await view('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(QUOTE_NOT_VALID);
    for (const token of ['x'.repeat(43), 'short', `${'A'.repeat(42)}.`]) {
      expect((await view(token)).statusCode).toBe(404);
      expect((await accept(token, 0)).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `/api/quotes/${token}/quote.pdf` })).statusCode).toBe(404);
    }

    const deal = await createDeal(agent);
    await desk(agent, deal.id);
    await send(agent, deal.id);
    const first = await linkSentTo('nora.quinn@example.com');
    await send(agent, deal.id);
    const second = await linkSentTo('nora.quinn@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await view(first.token)).json().state).toBe('withdrawn');
    const withdrawn = await accept(first.token, 0);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().error.message).toBe(QUOTE_WITHDRAWN);

    await t.database.db
      .updateTable('deal_quotes')
      .set({ valid_until: '2020-01-01' })
      .where('deal_id', '=', deal.id)
      .where('withdrawn_at', 'is', null)
      .execute();
    expect((await view(second.token)).json().state).toBe('expired');
    const expired = await accept(second.token, 0);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(QUOTE_EXPIRED);
    const still = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).json();
    expect(still.status).toBe('pending');
    expect((await accept(second.token, 7)).statusCode).toBe(400);
  });

  it('is no longer accepted once its deal is completed: 410, and the deal keeps its figures', async () => {
    const deal = await createDeal(agent);
    await desk(agent, deal.id);
    expect((await send(agent, deal.id)).statusCode).toBe(201);
    const { token } = await linkSentTo('nora.quinn@example.com');
    const current = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).json();
    const completed = await t.call({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      as: agent,
      payload: { ...current, status: 'completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const accepted = await accept(token, 1);
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json().error.message).toBe(QUOTE_WITHDRAWN);
    const after = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: agent })).json();
    expect(after).toMatchObject({ status: 'completed', monthly_payment_cents: current.monthly_payment_cents });
    const row = await t.database.db
      .selectFrom('deal_quotes')
      .select('accepted_at')
      .where('deal_id', '=', deal.id)
      .executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();
  });

  it("keeps its figures when the worksheet is taxed anew afterwards, with a city's rate added", async () => {
    const deal = await createDeal(agent);
    await desk(agent, deal.id);
    await send(agent, deal.id);
    const { token } = await linkSentTo('nora.quinn@example.com');
    const before = (await view(token)).json() as PublicQuote;
    await accept(token, 1);

    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const local_rates = [{ state: 'TX', name: 'Austin', rate_percent: 2 }];
    const saved = await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: admin,
      payload: { ...settings, desking: { ...settings.desking, local_rates } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const retaxed = await desk(agent, deal.id, { ...WORKSHEET, locality: 'Austin' });
    // Texas 6.25 % and Austin's 2 %.
    expect(retaxed.figures.totals.tax_rate_percent).toBe(8.25);

    const after = (await view(token)).json() as PublicQuote;
    expect(after.content).toEqual(before.content);
    expect(before.content.totals.tax_rate_percent).toBe(6.25);
    await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings });
  });

  it("shows the vehicle's cover photo, on the page and in the PDF, while the vehicle keeps it", async () => {
    const vehicle = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      as: agent,
      payload: { make: 'Honda', model: 'CR-V', year: thisYear, price_cents: 3_400_000 },
    });
    const vehicleId = vehicle.json().id as string;
    const { payload, headers } = multipartBody('front.jpg', await photoFile(), 'image/jpeg');
    const photo = await t.call({ method: 'POST', url: `/api/vehicles/${vehicleId}/photos`, as: agent, payload, headers });
    expect(photo.statusCode, photo.body).toBe(201);
    const deal = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        date: `${thisYear}-03-14`,
        manufacturer: 'Honda',
        model: 'CR-V',
        year: thisYear,
        customer_name: 'Nora Quinn',
        customer_email: 'photo.quinn@example.com',
        agent_name: 'Anyone',
        contract_price_cents: 3_400_000,
        broker_fee_cents: 0,
        vehicle_id: vehicleId,
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    await desk(agent, deal.json().id);
    await send(agent, deal.json().id, { to: 'photo.quinn@example.com' });
    const { token } = await linkSentTo('photo.quinn@example.com');
    expect(((await view(token)).json() as PublicQuote).content.cover_photo_id).toBe(photo.json().id);
    const shown = await t.call({ method: 'GET', url: `/api/quotes/${token}/photo.jpg` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    const pdf = await t.call({ method: 'GET', url: `/api/quotes/${token}/quote.pdf` });
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    // Deleted from the vehicle, the photo leaves the quote too.
    await t.call({ method: 'DELETE', url: `/api/vehicles/${vehicleId}/photos/${photo.json().id}`, as: agent });
    expect((await t.call({ method: 'GET', url: `/api/quotes/${token}/photo.jpg` })).statusCode).toBe(404);
    const without = await t.call({ method: 'GET', url: `/api/quotes/${token}/quote.pdf` });
    expect(without.statusCode).toBe(200);
    expect(without.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(false);
  });

  it('follows the consent rules of every e-mail: an address that opted out gets it only as transactional', async () => {
    const customer = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Nora Quinn', email: 'optout.quinn@example.com' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = customer.json().id as string;
    const deal = await createDeal(agent, 'optout.quinn@example.com', customerId);
    await desk(agent, deal.id);
    const opted = await t.call({
      method: 'POST',
      url: `/api/customers/${customerId}/consent`,
      as: agent,
      payload: { channel: 'email', status: 'opted_out', source: 'phone' },
    });
    expect(opted.statusCode, opted.body).toBe(201);
    const refused = await send(agent, deal.id, { to: 'optout.quinn@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OPTED_OUT');
    expect(await t.database.db.selectFrom('deal_quotes').select('id').where('deal_id', '=', deal.id).execute()).toEqual([]);
    const sent = await send(agent, deal.id, { to: 'optout.quinn@example.com', transactional: true });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe("a finance quote's payment schedule (Regulation Z § 1026.18(g)–(h))", () => {
  /**
   * Texas, $34,200 with a $150 documentation fee, $1,000 down, 60 months at 5.9 % from 3 December 2026, first payment
   * 3 January 2027 (one regular month, so no odd days). Worked out by hand:
   * - taxable $34,350 × 6.25 % = $2,146.875 → $2,146.88; amount financed A = 34,200 + 150 + 2,146.88 − 1,000 = $35,496.88;
   * - monthly rate i = 0.059 / 12; level payment A·i / (1 − (1 + i)^−60) = $684.5959… → $684.60;
   * - what the 59 level payments leave, carried to the 60th month: (A − 684.60 · (1 − (1 + i)^−59) / i) · (1 + i)^60
   *   = $684.93, the final payment, due 3 December 2031;
   * - total of payments (§ 1026.18(h)) = 59 × 684.60 + 684.93 = $41,076.33 — not 60 × 684.60 = $41,076.00.
   */
  const SCHEDULED = {
    selling_price_cents: 3_420_000,
    fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
    cash_down_cents: 100_000,
    structure: {
      kind: 'finance',
      apr_percent: 5.9,
      term_months: 60,
      contract_date: '2026-12-03',
      first_payment_date: '2027-01-03',
    },
  };
  const SCHEDULE = '59 monthly payments of $684.60 from January 3, 2027, and 1 final payment of $684.93 on December 3, 2031';

  it('checks the hand arithmetic against the loan formula itself', () => {
    const A = 3_549_688;
    const i = 0.059 / 12;
    const payment = Math.round((A * i) / (1 - (1 + i) ** -60));
    const last = Math.round((A - (payment * (1 - (1 + i) ** -59)) / i) * (1 + i) ** 60);
    expect([payment, last, 59 * payment + last]).toEqual([68_460, 68_493, 4_107_633]);
  });

  it('states the unequal final payment and the sum of the schedule on the PDF and in the e-mail', async () => {
    const smtp = await startSmtpPeer();
    const mailed = await createTestContext(
      { SMTP_URL: smtp.url },
      { jobs: { pollingIntervalSeconds: 0.5, mailRetry: { retryDelay: 1 } } },
    );
    try {
      const seller = await mailed.createUser('agent', 'Sam Seller');
      const created = await mailed.call({
        method: 'POST',
        url: '/api/deals',
        as: seller,
        payload: {
          date: `${thisYear}-03-14`,
          manufacturer: 'Honda',
          model: 'Pilot',
          year: thisYear,
          customer_name: 'Iris Lowe',
          customer_email: 'iris.lowe@example.com',
          agent_name: 'Anyone',
          contract_price_cents: 3_420_000,
          broker_fee_cents: 0,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const dealId = created.json().id as string;
      const saved = await mailed.call({
        method: 'PUT',
        url: `/api/deals/${dealId}/worksheet`,
        as: seller,
        payload: { state: 'TX', worksheet: SCHEDULED, updated_at: null },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().figures.totals.amount_financed_cents).toBe(3_549_688);
      const sent = await mailed.call({
        method: 'POST',
        url: `/api/deals/${dealId}/quotes`,
        as: seller,
        payload: { to: 'iris.lowe@example.com' },
      });
      expect(sent.statusCode, sent.body).toBe(201);

      const [mail] = await smtp.waitFor(1);
      const words = (text: string) => text.replace(/\s+/g, ' ');
      expect(words(mail!.text)).toContain(SCHEDULE);
      expect(words(mail!.text)).toContain('total of payments $41,076.33');
      expect(words(mail!.text)).not.toContain('60 monthly payments');

      const token = mail!.text.match(/\/quote\/([A-Za-z0-9_-]{43})/)![1]!;
      const page = (await mailed.call({ method: 'GET', url: `/api/quotes/${token}` })).json() as PublicQuote;
      expect(page.content.options[0]!.figures.finance).toMatchObject({ payment_cents: 68_460, last_payment_cents: 68_493 });

      const pdf = await mailed.call({ method: 'GET', url: `/api/quotes/${token}/quote.pdf` });
      expect(pdf.statusCode).toBe(200);
      const printed = words((await pdfPages(pdf.rawPayload)).join(' '));
      expect(printed).toContain(SCHEDULE);
      expect(printed).toContain('total of payments $41,076.33');
      // The table's total of payments is the schedule's sum too.
      expect(printed).toMatch(/\$684\.60 \$1,000\.00 \$41,076\.33/);
      expect(printed).not.toContain('$41,076.00');
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });
});
