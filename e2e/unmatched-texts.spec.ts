import { expect, joinTeam, open, test, textIn, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

test('a text from an unknown number waits under Unmatched; the admin makes it a lead, and only the agent it went to reads it', async ({
  adminPage: page,
  browser,
}) => {
  await open(page, '/communications');
  // Two new agents, A then B. Leads given by hand until one reaches A leave B next in the rotation.
  const agentA = await joinTeam(page, browser, 'agent', unique('Agent'));
  const agentB = await joinTeam(page, browser, 'agent', unique('Agent'));
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
