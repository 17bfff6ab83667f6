import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

/** A new agent who accepted the admin's invitation: a page signed in as them, and their name. */
async function newAgent(browser: Browser, admin: Page, baseURL: string) {
  const name = unique('Agent');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const invited = await admin.request.post('/api/team/invitations', {
    headers: HEADERS,
    data: { email, role: 'agent', send: false },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const joined = await page.request.post('/api/invitations/accept', {
    headers: HEADERS,
    data: {
      token: ((await invited.json()) as { link: string }).link.split('/invite/')[1],
      name,
      password: 'red barn by the road',
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { page, name };
}

/** A text to the dealership's number as the SMS provider posts it to the signed SMS hook (its secret is an admin's). */
async function textIn(admin: Page, from: string, body: string) {
  const hooks = await (await admin.request.get('/api/settings/hooks')).json();
  const secret = hooks.items.find((hook: { name: string }) => hook.name === 'sms').secret as string;
  const payload = JSON.stringify({ from, body, message_id: crypto.randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
  const posted = await admin.request.post('/api/hooks/sms', {
    headers: { 'content-type': 'application/json', 'x-torque-timestamp': timestamp, 'x-torque-signature': signature },
    data: payload,
  });
  expect(posted.status()).toBe(200);
}

test('a text from an unknown number waits under Unmatched; the admin makes it a lead, and only the agent it went to reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'admin', '/communications');
  // Two new agents, A then B. Leads given by hand until one reaches A leave B next in the rotation.
  const agentA = await newAgent(browser, page, baseURL!);
  const agentB = await newAgent(browser, page, baseURL!);
  for (let tries = 0; ; tries++) {
    expect(tries).toBeLessThan(40);
    const probe = await page.request.post('/api/leads', {
      headers: HEADERS,
      data: { name: unique('Rotation walk-in'), email: `${unique('walk-in').replace(/\W+/g, '.')}@example.com` },
    });
    expect(probe.status()).toBe(201);
    if (((await probe.json()) as { assigned_to: string }).assigned_to === agentA.name) break;
  }

  const number = `+1737555${String(Math.floor(1000 + Math.random() * 9000))}`;
  const body = `Hi, is the white Tacoma still for sale? ${unique('ref')}`;
  // Agent B keeps Communications → Waiting open: the new customer arrives there without a reload.
  await agentB.page.goto('/communications?tab=waiting');
  await expect(agentB.page.getByText('Waiting for an answer', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Unmatched' }).click();
  const texts = page.getByRole('list', { name: 'Texts from unknown numbers' });
  await textIn(page, number, body);
  // Published live: the admin's open Unmatched list shows the text without a reload.
  const row = texts.getByRole('listitem').filter({ hasText: body });
  await expect(row).toContainText(number);
  await row.getByRole('button', { name: 'Create lead' }).click();
  const name = unique('Tess Texter');
  await row.getByLabel('Name (optional)').fill(name);
  await row.getByRole('button', { name: 'Create the lead' }).click();
  await expect(page.getByText(`The text is in ${name}'s conversation now.`)).toBeVisible();
  await expect(texts.getByText(body)).toHaveCount(0);

  const waiting = agentB.page.getByRole('tabpanel');
  await expect(waiting.getByRole('listitem').filter({ hasText: name })).toContainText(body);
  await waiting.getByRole('link', { name }).click();
  const card = agentB.page.locator('[data-slot="card"]', { hasText: 'Conversation' }).first();
  await expect(card.getByRole('list', { name: `Conversation with ${name}` }).getByText(body)).toBeVisible();
  const customerPath = new URL(agentB.page.url()).pathname;

  // Agent A neither finds the customer nor sees the dealership's unmatched texts.
  await agentA.page.goto(customerPath);
  await expect(agentA.page.getByText(body)).toHaveCount(0);
  await expect(agentA.page.getByText('Customer not found.')).toBeVisible();
  await agentA.page.goto('/communications');
  await agentA.page.getByRole('tab', { name: 'Unmatched' }).click();
  await expect(agentA.page.getByText('No mail from unknown addresses.')).toBeVisible();
  await expect(agentA.page.getByRole('list', { name: 'Texts from unknown numbers' })).toHaveCount(0);
  await agentA.page.context().close();
  await agentB.page.context().close();
});
