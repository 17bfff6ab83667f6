import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietUntil, timeZoneOf } from '../../src/server/modules/consent/quiet-hours.js';
import { offerCaption } from '../../src/shared/offers/caption.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startHookPeer, type HookPeer } from '../helpers/hook-peer.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

/** Messages word for word from the spec, written out here rather than read from the code under test. */
const CUSTOM_OFFER_REQUIRED = 'Please fill in all required fields (Make, Model, Year, Price)';
const POST_NEEDS = 'Please select a vehicle, Instagram account, and set up Zapier webhook';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let smtp: SmtpPeer;
let peer: HookPeer;

const FAST = { pollingIntervalSeconds: 0.5, mailRetry: { retryDelay: 1 }, webhookRetry: { retryDelay: 1 } };
const OFFER = {
  make: 'BMW',
  model: 'X5',
  year: '2023',
  price: '$45,900',
  original_price: '$49,900.99',
  color: 'Black',
  features: 'Panoramic sunroof, Heated seats ,Apple CarPlay, Harman Kardon',
};

const createOffer = (as: TestUser, payload: Record<string, unknown> = OFFER) =>
  t.call({ method: 'POST', url: '/api/offers/custom', as, payload });

async function pointAtPeer(event: string) {
  const saved = await t.call({
    method: 'PUT',
    url: `/api/webhooks/${event}`,
    as: admin,
    payload: { url: peer.url, allow_private: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  peer.secret = saved.json().secret;
}

async function customer(name: string, fields: Record<string, unknown>, consent: Record<string, 'opted_in' | 'opted_out'> = {}) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name, ...fields } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const [channel, status] of Object.entries(consent)) {
    const recorded = await t.call({
      method: 'POST',
      url: `/api/customers/${id}/consent`,
      as: agent,
      payload: { channel, status, source: 'in_person', wording: 'Send me offers.' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
  }
  return id;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  peer = await startHookPeer();
  t = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://crm.example.com' }, { jobs: FAST });
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await peer.close();
});

describe('custom offers', () => {
  it.each(['make', 'model', 'year', 'price'])('need %s, with the spec message', async (field) => {
    const response = await createOffer(agent, { ...OFFER, [field]: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(CUSTOM_OFFER_REQUIRED);
  });

  it("strip '$' and ',', read whole dollars, split features and default the mileage to 0", async () => {
    const response = await createOffer(agent);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      make: 'BMW',
      year: 2023,
      price_cents: 4_590_000,
      original_price_cents: 4_990_000,
      mileage: 0,
      features: ['Panoramic sunroof', 'Heated seats', 'Apple CarPlay', 'Harman Kardon'],
    });
  });

  it.each([
    ['features', '\u0000'],
    ['features', 'x'.repeat(61)],
    ['price', 'forty grand'],
    ['price', '-5'],
    ['year', '1850'],
    ['mileage', '12.5'],
  ])('refuse %s %j and store nothing', async (field, value) => {
    const before = (await t.call({ method: 'GET', url: '/api/offers/custom', as: agent })).json().items.length;
    expect((await createOffer(agent, { ...OFFER, [field]: value })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/offers/custom', as: agent })).json().items).toHaveLength(before);
  });

  it('are their owner’s: another agent neither lists nor deletes them', async () => {
    const id = (await createOffer(agent)).json().id as string;
    const theirs = (await t.call({ method: 'GET', url: '/api/offers/custom', as: otherAgent })).json().items;
    expect(theirs.find((o: { id: string }) => o.id === id)).toBeUndefined();
    expect((await t.call({ method: 'DELETE', url: `/api/offers/custom/${id}`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/offers/custom/${id}`, as: agent })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: `/api/offers/custom/${id}`, as: agent })).statusCode).toBe(404);
  });
});

describe('offer images', () => {
  it('are a 1080 × 1080 PNG at a public, unguessable address, with the caption; they outlive their offer', async () => {
    const offer = (await createOffer(agent)).json();
    const made = await t.call({ method: 'POST', url: '/api/offers/image', as: agent, payload: { custom_offer_id: offer.id } });
    expect(made.statusCode, made.body).toBe(201);
    const image = made.json();
    expect(image.url).toMatch(/^https:\/\/crm\.example\.com\/api\/offer-images\/[A-Za-z0-9_-]{43}\.png$/);
    expect(image.caption).toBe(
      offerCaption({
        make: 'BMW',
        model: 'X5',
        year: 2023,
        price_cents: 4_590_000,
        original_price_cents: 4_990_000,
        mileage: 0,
        color: 'Black',
        features: offer.features,
      }),
    );
    await t.call({ method: 'DELETE', url: `/api/offers/custom/${offer.id}`, as: agent });
    const path = new URL(image.url).pathname;
    const fetched = await t.app.inject({ method: 'GET', url: path });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(fetched.rawPayload);
    expect([png.width, png.height]).toEqual([1080, 1080]);
    expect((await t.app.inject({ method: 'GET', url: path.replace(/.{8}\.png$/, 'AAAAAAAA.png') })).statusCode).toBe(404);
  });

  it('need an offer the actor may see', async () => {
    const offer = (await createOffer(agent)).json();
    const refused = await t.call({
      method: 'POST',
      url: '/api/offers/image',
      as: otherAgent,
      payload: { custom_offer_id: offer.id },
    });
    expect(refused.statusCode).toBe(404);
    const none = await t.call({ method: 'POST', url: '/api/offers/image', as: agent, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please select a vehicle first');
  });
});

describe('Instagram accounts', () => {
  let company: string;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    const add = async (payload: Record<string, unknown>) => {
      const response = await t.call({ method: 'POST', url: '/api/instagram-accounts', as: admin, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    company = await add({ username: '@TorqueMotors', type: 'company', followers: '12,400' });
    mine = await add({ username: 'ava.sells.cars', type: 'agent', user_id: agent.id });
    theirs = await add({ username: 'otto_autos', type: 'agent', user_id: otherAgent.id });
  });

  it('admins see every account; others the company’s and their own, managing only their own', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/instagram-accounts', as: admin })).json().items;
    expect(all.map((a: { username: string }) => a.username)).toEqual(['torquemotors', 'ava.sells.cars', 'otto_autos']);
    expect(all.every((a: { manageable: boolean }) => a.manageable)).toBe(true);
    const seen = (await t.call({ method: 'GET', url: '/api/instagram-accounts', as: agent })).json().items;
    expect(seen.map((a: { id: string; manageable: boolean }) => [a.id, a.manageable])).toEqual([
      [company, false],
      [mine, true],
    ]);
    expect(seen[1]).toMatchObject({ agent_email: agent.email, followers: 0, is_connected: false });
  });

  it('agents connect their own, not the company’s nor another agent’s', async () => {
    const connect = (id: string, as: TestUser) =>
      t.call({ method: 'PATCH', url: `/api/instagram-accounts/${id}`, as, payload: { is_connected: true } });
    expect((await connect(mine, agent)).json().is_connected).toBe(true);
    expect((await connect(company, agent)).statusCode).toBe(403);
    expect((await connect(theirs, agent)).statusCode).toBe(404);
    expect((await connect(company, admin)).statusCode).toBe(200);
    const refused = await t.call({
      method: 'POST',
      url: '/api/instagram-accounts',
      as: agent,
      payload: { username: 'x', type: 'company' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a post needs the webhook, then reaches it signed with the spec payload and a fetchable image_url', async () => {
    const offer = (await createOffer(agent)).json();
    const image = (
      await t.call({ method: 'POST', url: '/api/offers/image', as: agent, payload: { custom_offer_id: offer.id } })
    ).json();
    const post = () =>
      t.call({ method: 'POST', url: '/api/offers/instagram', as: agent, payload: { image_id: image.id, account_id: mine } });
    const missing = await post();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(POST_NEEDS);

    await pointAtPeer('post_instagram');
    const before = peer.calls.length;
    expect((await post()).statusCode).toBe(200);
    await peer.waitForAccepted(before + 1);
    const call = peer.calls[before]!;
    expect(call.signatureValid).toBe(true);
    expect(Object.keys(call.body).sort()).toEqual([
      'action',
      'caption',
      'image_url',
      'instagram_account',
      'timestamp',
      'vehicle',
    ]);
    expect(call.body).toMatchObject({
      action: 'post_instagram',
      caption: image.caption,
      image_url: image.url,
      instagram_account: { username: 'ava.sells.cars', type: 'agent' },
      vehicle: { make: 'BMW', model: 'X5', year: 2023, price: 45_900, original_price: 49_900, is_custom: true },
    });
    const fetched = await t.app.inject({ method: 'GET', url: new URL(image.url).pathname });
    expect(fetched.statusCode).toBe(200);
  });
});

describe('offers sent to customers', () => {
  let offerId: string;
  beforeAll(async () => {
    offerId = (await createOffer(agent)).json().id;
  });

  it('by e-mail: only the consenting customer gets mail, with the unsubscribe header; the others are counted', async () => {
    const yes = await customer('Erin Yes', { email: 'erin.yes@example.com' }, { email: 'opted_in' });
    const no = await customer('Oscar Out', { email: 'oscar.out@example.com' }, { email: 'opted_out' });
    const silent = await customer('Nina None', { email: 'nina.none@example.com' });
    const sent = await t.call({
      method: 'POST',
      url: '/api/offers/notify',
      as: agent,
      payload: { offer: { custom_offer_id: offerId }, channel: 'email', customer_ids: [yes, no, silent] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      channel: 'email',
      sent: 1,
      held_for_quiet_hours: 0,
      skipped: expect.arrayContaining([
        { reason: 'opted_out', count: 1 },
        { reason: 'no_consent', count: 1 },
      ]),
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['erin.yes@example.com']);
    expect(mail!.subject).toContain('2023 BMW X5');
    expect(mail!.headers['list-unsubscribe']).toMatch(/^<https:\/\/crm\.example\.com\/api\/unsubscribe\/.+>$/);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.to.some((to) => to !== 'erin.yes@example.com'))).toHaveLength(0);
  });

  it('by SMS: the consenting customers through the webhook, held until 8 am where it is night; the opted-out nowhere', async () => {
    // A city where it is day now and one where it is night, each for the next ten minutes, so the request's own clock
    // sees the same. A location the server cannot place falls back to the brokerage's zone, as here.
    const now = new Date();
    const soon = new Date(now.getTime() + 10 * 60_000);
    const cities = ['Honolulu, HI', 'Los Angeles, CA', 'Chicago, IL', 'New York, NY', 'Accra', 'Dubai', 'Tokyo', 'Auckland'];
    const zones = new Map<string, string>();
    for (const city of cities) zones.set(city, await timeZoneOf(city, defaultSettings.company.time_zone));
    const zoneOf = (city: string) => zones.get(city)!;
    const day = cities.find((city) => quietUntil(now, zoneOf(city)) === null && quietUntil(soon, zoneOf(city)) === null)!;
    const night = cities.find(
      (city) =>
        quietUntil(now, zoneOf(city))?.getTime() === quietUntil(soon, zoneOf(city))?.getTime() && quietUntil(now, zoneOf(city)),
    )!;
    const awake = await customer('Dana Day', { phone: '(512) 555-0101', location: day }, { sms: 'opted_in' });
    const asleep = await customer('Nico Night', { phone: '(512) 555-0102', location: night }, { sms: 'opted_in' });
    const out = await customer('Stan Stop', { phone: '(512) 555-0103', location: day }, { sms: 'opted_out' });

    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/offers/notify',
        as: agent,
        payload: { offer: { custom_offer_id: offerId }, channel: 'sms', customer_ids: [awake, asleep, out] },
      });
    expect((await send()).statusCode).toBe(400);
    await pointAtPeer('send_sms_offers');
    const before = peer.calls.length;
    const sent = await send();
    expect(sent.json()).toEqual({
      channel: 'sms',
      sent: 1,
      held_for_quiet_hours: 1,
      skipped: [{ reason: 'opted_out', count: 1 }],
    });

    await peer.waitForAccepted(peer.calls.filter((c) => c.answered === 200).length + 1);
    const calls = peer.calls.slice(before).filter((c) => c.body.action === 'send_sms_offers');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signatureValid).toBe(true);
    expect(calls[0]!.body.customers).toEqual([{ id: awake, name: 'Dana Day', phone: '(512) 555-0101' }]);
    expect(String(calls[0]!.body.message)).toMatch(/Reply STOP to opt out\.$/);

    const waiting = await t.database.db
      .selectFrom('outbox')
      .select(['status', 'send_after', 'payload'])
      .where('kind', '=', 'webhook')
      .where('status', '=', 'pending')
      .execute();
    const held = waiting.find((row) => JSON.parse((row.payload as { text: string }).text).customers[0].id === asleep)!;
    expect(held.send_after?.toISOString()).toBe(quietUntil(now, zoneOf(night))!.toISOString());
    const everything = JSON.stringify(await t.database.db.selectFrom('outbox').select('payload').execute());
    expect(everything).not.toContain(out);
  });

  it('refuses customers the agent may not see', async () => {
    const foreign = (
      await t.call({ method: 'POST', url: '/api/customers', as: otherAgent, payload: { name: 'Not Yours' } })
    ).json().id;
    const response = await t.call({
      method: 'POST',
      url: '/api/offers/notify',
      as: agent,
      payload: { offer: { custom_offer_id: offerId }, channel: 'email', customer_ids: [foreign] },
    });
    expect(response.statusCode).toBe(404);
  });

  it('the audience lists customers with the channel’s consent', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/offers/audience?q=oscar&channel=email', as: agent })).json();
    expect(page.items).toEqual([expect.objectContaining({ name: 'Oscar Out', consent: 'opted_out', status: 'active' })]);
    expect(page.items[0].last_contact).toBeNull();
    const erin = (await t.call({ method: 'GET', url: '/api/offers/audience?q=erin', as: agent })).json().items[0];
    expect(erin).toMatchObject({ consent: 'opted_in' });
    expect(erin.last_contact).not.toBeNull();
  });
});
