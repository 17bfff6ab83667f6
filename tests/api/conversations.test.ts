import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietUntil, timeZoneOf } from '../../src/server/modules/consent/quiet-hours.js';
import type { ConversationEntry } from '../../src/shared/conversations/types.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { postSignedHook } from '../helpers/signed-hook.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let smsSecret: string;
let numbers = 0;
let day = '';
let night = '';

function nextNumber() {
  const line = String(3000 + ++numbers);
  return { typed: `(737) 555-${line}`, e164: `+1737555${line}` };
}

async function customer(name: string, fields: Record<string, unknown>, sms?: 'opted_in' | 'opted_out') {
  const created = await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name, ...fields } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  if (sms) {
    const consent = await t.call({
      method: 'POST',
      url: `/api/customers/${id}/consent`,
      as: agent,
      payload: { channel: 'sms', status: sms, source: 'paper_form', wording: 'Text me.' },
    });
    expect(consent.statusCode, consent.body).toBe(201);
  }
  return id;
}

const thread = async (id: string, as = agent, query = '') => {
  const response = await t.call({ method: 'GET', url: `/api/customers/${id}/conversation${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: ConversationEntry[]; nextCursor: string | null };
};
const sendText = (id: string, body: string, as = agent) =>
  t.call({ method: 'POST', url: `/api/customers/${id}/texts`, as, payload: { body } });
const counts = async () => ({
  texts: (await t.database.db.selectFrom('texts').select('id').execute()).length,
  outbox: (await t.database.db.selectFrom('outbox').select('id').where('kind', '=', 'sms').execute()).length,
});

/** A lead of the agent's customer taken by phone, not yet answered. */
const waitingLead = (customerId: string) =>
  t.database.db
    .insertInto('leads')
    .values({
      source_name: 'Phone',
      channel: 'manual',
      status: 'parsed',
      raw: '{}',
      customer_id: customerId,
      assigned_user_id: agent.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** A reply posted to the generic SMS hook, as a provider does. */
function reply(from: string, body: string) {
  return postSignedHook(t.app, '/api/hooks/sms', smsSecret, { from, body, message_id: crypto.randomUUID() });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
  const hooks = await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin });
  smsSecret = hooks.json().items.find((h: { name: string }) => h.name === 'sms').secret;
  // A city where it is day for the next ten minutes and one where it is night, so the requests' clocks agree.
  const now = new Date();
  const soon = new Date(now.getTime() + 10 * 60_000);
  for (const city of ['Honolulu, HI', 'Los Angeles, CA', 'Chicago, IL', 'New York, NY', 'Accra', 'Dubai', 'Tokyo', 'Auckland']) {
    const zone = await timeZoneOf(city, defaultSettings.company.time_zone);
    const [a, b] = [quietUntil(now, zone), quietUntil(soon, zone)];
    if (!day && a === null && b === null) day = city;
    if (!night && a && b && a.getTime() === b.getTime()) night = city;
  }
});

afterAll(() => t.close());

describe('a customer’s conversation', () => {
  it('holds their e-mails, texts both ways and logged contacts, newest first, in pages', async () => {
    const number = nextNumber();
    const id = await customer(
      'Tess Thread',
      { phone: number.typed, email: 'tess.thread@example.com', location: day },
      'opted_in',
    );
    const mail = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: agent,
      payload: { to: 'tess.thread@example.com', subject: 'Your X5', message: 'It is ready.' },
    });
    expect(mail.statusCode, mail.body).toBe(201);
    const sent = await sendText(id, 'Can you come by at 3?');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      channel: 'text',
      direction: 'outbound',
      body: 'Can you come by at 3?',
      by: 'Ava Agent',
      // Nothing carries texts yet: it waits in the outbox.
      delivery: { status: 'held', send_after: null },
    });
    expect((await reply(number.e164, 'Yes, see you then')).statusCode).toBe(200);
    const lead = await waitingLead(id);
    const logged = await t.call({
      method: 'POST',
      url: `/api/leads/${lead.id}/contacts`,
      as: agent,
      payload: { kind: 'call', note: 'Confirmed the 3 pm visit' },
    });
    expect(logged.statusCode, logged.body).toBe(200);

    const all = await thread(id);
    expect(all.items.map((e) => [e.channel, e.direction, e.title, e.body])).toEqual([
      ['logged', 'outbound', 'Call', 'Confirmed the 3 pm visit'],
      ['text', 'inbound', null, 'Yes, see you then'],
      ['text', 'outbound', null, 'Can you come by at 3?'],
      ['email', 'outbound', 'Your X5', 'It is ready.'],
    ]);
    expect(all.items[1]).toMatchObject({ by: null, delivery: null });
    expect(all.nextCursor).toBeNull();

    const first = await thread(id, agent, '?limit=3');
    expect(first.items).toHaveLength(3);
    const second = await thread(id, agent, `?limit=3&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    expect(second.nextCursor).toBeNull();
    expect(
      (await t.call({ method: 'GET', url: `/api/customers/${id}/conversation?cursor=nonsense`, as: agent })).statusCode,
    ).toBe(400);
    // Admins see every customer's conversation.
    expect((await thread(id, admin)).items).toHaveLength(4);
  });

  it('is another agent’s to read and write only when it is theirs', async () => {
    const id = await customer('Pia Private', { phone: nextNumber().typed }, 'opted_in');
    const before = await counts();
    for (const url of [`/api/customers/${id}/conversation`, `/api/customers/${id}/conversation/state`]) {
      expect((await t.call({ method: 'GET', url, as: otherAgent })).statusCode).toBe(404);
    }
    expect((await sendText(id, 'Hello', otherAgent)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('a text from the conversation', () => {
  it('is refused, saying why and storing nothing, without a number, without consent, or after an opt-out', async () => {
    const noPhone = await customer('Nora Nophone', {});
    const noConsent = await customer('Cal Noconsent', { phone: nextNumber().typed });
    const out = await customer('Otis Out', { phone: nextNumber().typed }, 'opted_out');
    const before = await counts();
    const refused = await sendText(noPhone, 'Hi');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Nora Nophone has no phone number. Add one to their record to text them.');
    const unconsented = await sendText(noConsent, 'Hi');
    expect(unconsented.statusCode).toBe(409);
    expect(unconsented.json().error.message).toMatch(/^Cal Noconsent has not agreed to texts\./);
    const optedOut = await sendText(out, 'Hi');
    expect(optedOut.statusCode).toBe(409);
    expect(optedOut.json().error).toMatchObject({
      code: 'OPTED_OUT',
      message: 'Otis Out opted out of texts. Write an e-mail or call instead.',
    });
    expect((await sendText(noConsent, '   ')).statusCode).toBe(400);
    expect((await sendText(noConsent, 'x'.repeat(1601))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const state = await t.call({ method: 'GET', url: `/api/customers/${out}/conversation/state`, as: agent });
    expect(state.json()).toMatchObject({ sms_consent: 'opted_out', texting: false });
  });

  it('waits for 8 am where the customer is when it is night there', async () => {
    const id = await customer('Nell Night', { phone: nextNumber().typed, location: night }, 'opted_in');
    const state = (await t.call({ method: 'GET', url: `/api/customers/${id}/conversation/state`, as: agent })).json();
    expect(state.quiet_until).not.toBeNull();
    const sent = await sendText(id, 'Good morning!');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().delivery.send_after).toBe(state.quiet_until);
  });

  it('answers the customer’s waiting lead', async () => {
    const id = await customer('Lou Lead', { phone: nextNumber().typed, location: day }, 'opted_in');
    const lead = await waitingLead(id);
    expect((await sendText(id, 'Thanks for your interest!')).statusCode).toBe(201);
    const answered = await t.database.db
      .selectFrom('leads')
      .select(['first_response_kind', 'first_response_by'])
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(answered).toEqual({ first_response_kind: 'text_sent', first_response_by: agent.id });
  });
});

describe('the conversations waiting for us', () => {
  const waiting = async (as: TestUser, scope = 'mine', query = '') => {
    const response = await t.call({ method: 'GET', url: `/api/inbox?scope=${scope}${query}`, as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: { customer_id: string; channel: string; preview: string; waiting_since: string }[];
      nextCursor: string | null;
    };
  };
  const ids = (page: { items: { customer_id: string }[] }) => page.items.map((item) => item.customer_id);

  it('hold each customer who wrote or texted until a person answers, oldest first, for their agent', async () => {
    const first = nextNumber();
    const texter = await customer('Wes Waiting', { phone: first.typed, location: day }, 'opted_in');
    const mailer = await customer('Mae Mailer', { email: 'mae.mailer@example.com' });
    expect((await reply(first.e164, 'Is it still for sale?')).statusCode).toBe(200);
    expect((await reply(first.e164, 'Hello?')).statusCode).toBe(200);
    const inboundSecret = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin }))
      .json()
      .items.find((h: { name: string }) => h.name === 'inbound_email').secret as string;
    const received = await postSignedHook(t.app, '/api/hooks/inbound-email', inboundSecret, {
      from: 'mae.mailer@example.com',
      to: 'sales@example.com',
      subject: 'Trade-in value?',
      text: 'What would you give me?',
    });
    expect(received.statusCode, received.body).toBe(200);

    const mine = await waiting(agent);
    const texterWait = mine.items.find((item) => item.customer_id === texter)!;
    // The first unanswered message starts the wait; the latest is shown.
    expect(texterWait).toMatchObject({ channel: 'text', preview: 'Hello?' });
    expect(ids(mine).indexOf(texter)).toBeLessThan(ids(mine).indexOf(mailer));
    expect(mine.items.find((item) => item.customer_id === mailer)).toMatchObject({
      channel: 'email',
      preview: 'Trade-in value?',
    });
    expect(ids(await waiting(otherAgent))).not.toContain(texter);
    expect((await t.call({ method: 'GET', url: '/api/inbox?scope=team', as: agent })).statusCode).toBe(403);
    expect(ids(await waiting(admin, 'team'))).toEqual(expect.arrayContaining([texter, mailer]));

    // Pages follow one another.
    const one = await waiting(agent, 'mine', '&limit=1');
    const two = await waiting(agent, 'mine', `&limit=1&cursor=${one.nextCursor}`);
    expect([...ids(one), ...ids(two)]).toEqual(ids(mine).slice(0, 2));

    // A text answers the texter; an e-mail answers the mailer.
    expect((await sendText(texter, 'Yes it is!')).statusCode).toBe(201);
    const answered = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: agent,
      payload: { to: 'mae.mailer@example.com', subject: 'Re: Trade-in value?', message: 'Bring it by for an appraisal.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(ids(await waiting(agent))).not.toEqual(expect.arrayContaining([texter]));
    expect(ids(await waiting(agent))).not.toContain(mailer);

    // A new message after the answer waits again.
    expect((await reply(first.e164, 'Great, coming at 5')).statusCode).toBe(200);
    expect(ids(await waiting(agent))).toContain(texter);
  });

  it('lets the customer’s agent mark a conversation done, on the timeline; another agent cannot', async () => {
    const number = nextNumber();
    const id = await customer('Dot Done', { phone: number.typed }, 'opted_in');
    expect((await reply(number.e164, 'Thanks, all good!')).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/inbox/${id}/done`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/inbox/${id}/done`, as: agent })).statusCode).toBe(204);
    expect((await t.call({ method: 'POST', url: `/api/inbox/${id}/done`, as: agent })).statusCode).toBe(404);
    expect(ids(await waiting(agent))).not.toContain(id);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json() as {
      action: string;
    }[];
    expect(timeline.map((entry) => entry.action)).toContain('conversation_done');
  });

  it('may be given to an admin, an editor or the customer’s agent, and is then theirs in the inbox', async () => {
    const editor = await t.createUser('editor', 'Eda Editor');
    const number = nextNumber();
    const id = await customer('Gus Given', { phone: number.typed }, 'opted_in');
    expect((await reply(number.e164, 'Can someone call me?')).statusCode).toBe(200);
    const assign = (as: TestUser, userId: string | null) =>
      t.call({ method: 'POST', url: `/api/inbox/${id}/assign`, as, payload: { user_id: userId } });

    const assignees = await t.call({ method: 'GET', url: '/api/inbox/assignees', as: agent });
    expect(assignees.json().map((user: { id: string }) => user.id)).toEqual(expect.arrayContaining([admin.id, editor.id]));
    expect(assignees.json().map((user: { id: string }) => user.id)).not.toContain(agent.id);
    // Another agent may neither give it away nor be given it: they may not read the customer.
    expect((await assign(otherAgent, editor.id)).statusCode).toBe(404);
    const refused = await assign(admin, otherAgent.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.user_id).toBe('Give it to an admin, an editor or the customer’s own agent');
    expect((await assign(admin, 'not-an-id')).statusCode).toBe(400);

    // The agent hands it to the editor: it is the editor's now, and still in the agent's list, saying whose.
    expect((await assign(agent, editor.id)).statusCode).toBe(204);
    expect(ids(await waiting(editor))).toContain(id);
    const item = (await waiting(agent)).items.find((entry) => entry.customer_id === id) as unknown as {
      assigned_to: { id: string; name: string } | null;
    };
    expect(item.assigned_to).toEqual({ id: editor.id, name: 'Eda Editor' });
    // A new message keeps it with the editor; answering ends the wait and with it the assignment.
    expect((await reply(number.e164, 'Hello?')).statusCode).toBe(200);
    expect(ids(await waiting(editor))).toContain(id);
    expect((await sendText(id, 'Calling you now', editor)).statusCode).toBe(201);
    expect(ids(await waiting(editor))).not.toContain(id);
    expect((await assign(admin, null)).statusCode).toBe(404);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json() as {
      action: string;
    }[];
    expect(timeline.map((entry) => entry.action)).toContain('conversation_assigned');
  });
});

describe('reply templates', () => {
  it('are kept by admins and editors, refuse unknown fields, and are filled for each customer', async () => {
    const editor = await t.createUser('editor', 'Ed Templates');
    const body = {
      name: 'Test drive',
      subject: 'Your {vehicle}',
      body: 'Hi {first_name}, the {vehicle} is ready for a test drive. — {agent}, {dealership}',
    };
    expect((await t.call({ method: 'POST', url: '/api/reply-templates', as: agent, payload: body })).statusCode).toBe(403);
    const unknown = await t.call({
      method: 'POST',
      url: '/api/reply-templates',
      as: editor,
      payload: { ...body, body: 'Hi {firstname}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.body).toBe(
      '{firstname} is not a field: use {first_name}, {vehicle}, {agent}, {dealership}',
    );
    const created = await t.call({ method: 'POST', url: '/api/reply-templates', as: editor, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await t.call({ method: 'POST', url: '/api/reply-templates', as: admin, payload: body })).statusCode).toBe(409);

    const customerId = await customer('Nina Novak', { email: 'nina@example.com' });
    // With no deal yet, {vehicle} is left out and the text still reads.
    const before = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/reply-templates`, as: agent })).json() as {
      id: string;
      subject: string;
      body: string;
    }[];
    expect(before.find((entry) => entry.id === id)).toMatchObject({
      subject: 'Your',
      body: `Hi Nina, the is ready for a test drive. — ${agent.name}, Torque Auto Brokerage`,
    });
    const deal = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        customer_id: customerId,
        date: '2026-11-01',
        manufacturer: 'Honda',
        model: 'Civic',
        year: 2026,
        customer_name: 'Nina Novak',
        customer_email: 'nina@example.com',
        agent_name: 'Anyone',
        contract_price_cents: 2_500_000,
        monthly_payment_cents: 0,
        broker_fee_cents: 0,
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const filled = await t.call({ method: 'GET', url: `/api/customers/${customerId}/reply-templates`, as: agent });
    expect(filled.statusCode, filled.body).toBe(200);
    expect((filled.json() as { id: string }[]).find((entry) => entry.id === id)).toMatchObject({
      subject: 'Your Honda Civic',
      body: `Hi Nina, the Honda Civic is ready for a test drive. — ${agent.name}, Torque Auto Brokerage`,
    });
    expect(
      (await t.call({ method: 'GET', url: `/api/customers/${customerId}/reply-templates`, as: otherAgent })).statusCode,
    ).toBe(404);

    const renamed = await t.call({
      method: 'PUT',
      url: `/api/reply-templates/${id}`,
      as: admin,
      payload: { ...body, name: 'Drive' },
    });
    expect(renamed.json().name).toBe('Drive');
    expect((await t.call({ method: 'DELETE', url: `/api/reply-templates/${id}`, as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/reply-templates/${id}`, as: editor })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: `/api/reply-templates/${id}`, as: editor })).statusCode).toBe(404);
  });
});
