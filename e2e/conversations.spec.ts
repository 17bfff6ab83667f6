import crypto from 'node:crypto';
import { expect, test, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

test.use({ viewport: { width: 390, height: 844 } });

test('a customer’s reply arrives in the agent’s conversation without a reload, and is answered from it (390 px)', async ({
  agentPage: page,
  browser,
  sessions,
}) => {
  const name = unique('Rita Reply');
  const line = String(Math.floor(1000 + Math.random() * 9000));
  const created = await page.request.post('/api/customers', {
    headers: HEADERS,
    data: { name, phone: `(512) 555-${line}`, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
  });
  expect(created.status()).toBe(201);
  const customer = (await created.json()) as { id: string };

  await page.goto(`/customers/${customer.id}`);
  const card = page.locator('[data-slot="card"]', { hasText: 'Conversation' }).first();
  await expect(card.getByText(`No messages with ${name} yet.`)).toBeVisible();
  // Without consent to texts, the reply box says so and offers what can be done.
  await expect(card.getByText(`${name} has not agreed to texts.`, { exact: false })).toBeVisible();
  const consent = await page.request.post(`/api/customers/${customer.id}/consent`, {
    headers: HEADERS,
    data: { channel: 'sms', status: 'opted_in', source: 'paper_form', wording: 'Text me about my car.' },
  });
  expect(consent.status()).toBe(201);

  // A second tab shows the conversations waiting for an answer.
  const waitingPage = await page.context().newPage();
  await waitingPage.goto('/communications?tab=waiting');
  const waiting = waitingPage.getByRole('tabpanel');
  await expect(waiting.getByText('Waiting for an answer', { exact: true })).toBeVisible();
  await expect(waiting.getByRole('link', { name })).toHaveCount(0);

  // The customer texts in; the provider posts it to the signed SMS hook (its secret is an admin's to read).
  const admin = await browser.newContext({ storageState: sessions.admin });
  const adminPage = await admin.newPage();
  const hooks = await (await adminPage.request.get('/api/settings/hooks')).json();
  const secret = hooks.items.find((hook: { name: string }) => hook.name === 'sms').secret as string;
  await admin.close();
  const body = JSON.stringify({ from: `+1512555${line}`, body: 'Is the red one still there?', message_id: crypto.randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const posted = await page.request.post('/api/hooks/sms', {
    headers: { 'content-type': 'application/json', 'x-torque-timestamp': timestamp, 'x-torque-signature': signature },
    data: body,
  });
  expect(posted.status()).toBe(200);

  const thread = card.getByRole('list', { name: `Conversation with ${name}` });
  await expect(thread.getByText('Is the red one still there?')).toBeVisible();
  const row = waiting.getByRole('listitem').filter({ has: waitingPage.getByRole('link', { name }) });
  await expect(row).toContainText('Is the red one still there?');
  await expect(row).toContainText(/Waiting \d+ s/);

  await card.getByRole('tab', { name: 'Text' }).click();
  const reply = card.getByRole('form', { name: `Text ${name}` });
  await reply.getByRole('button', { name: 'Send text' }).click();
  await expect(reply.getByText('Write the text to send')).toBeVisible();
  // A quick reply (one of the demo's reply templates) starts the text, its fields filled for this customer.
  await card.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: 'Running late' }).click();
  await expect(reply.getByRole('textbox')).toHaveValue(/^Hi Rita, running about 10 minutes late\. See you shortly! — \S/);
  await reply.getByRole('textbox').fill('It is! Come by at 10 tomorrow?');
  await reply.getByRole('button', { name: 'Send text' }).click();
  const sent = thread.getByRole('listitem').filter({ hasText: 'It is! Come by at 10 tomorrow?' });
  await expect(sent).toBeVisible();
  // No provider carries texts on this server: the thread says it waits, and why.
  await expect(sent.getByText('Held — no SMS provider')).toBeVisible();
  await expect(reply.getByRole('textbox')).toHaveValue('');
  // Answered: it leaves the waiting list in the other tab, without a reload.
  await expect(waiting.getByRole('link', { name })).toHaveCount(0);
  await waitingPage.close();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
