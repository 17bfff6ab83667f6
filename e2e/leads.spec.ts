import { expect, signIn, test, unique } from './fixtures';

const adf = (name: string, email: string) => `<?xml version="1.0"?>
<adf><prospect>
  <requestdate>2026-11-20T09:15:00-06:00</requestdate>
  <vehicle interest="buy"><year>2024</year><make>Lexus</make><model>RX 350</model></vehicle>
  <customer><contact><name part="full">${name}</name><email>${email}</email></contact></customer>
</prospect></adf>`;

test('an admin adds a lead source; a lead posted to it reaches the customer\u2019s agent at once, with the reason', async ({
  page,
  browser,
}) => {
  // The agent is at work on the dashboard, with a customer of their own who has an e-mail.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, 'agent');
  const mine = (await (await agent.request.get('/api/customers?limit=50')).json()) as {
    items: { name: string; email: string | null }[];
  };
  const known = mine.items.find((c) => c.email)!;

  await signIn(page, 'admin');
  await page.goto('/settings');
  const sourceName = unique('Lead Market');
  await page.getByLabel('Source name').fill(sourceName);
  await page.getByRole('button', { name: 'Add source' }).click();
  await expect(page.getByText('Lead source added')).toBeVisible();
  const url = await page.getByTestId('lead-source-url').innerText();
  expect(url).toMatch(/\/api\/leads\/adf\?key=[\w-]{32}$/);

  // The marketplace posts its lead: no session, just the key in the address.
  const posted = await page.request.post(url, {
    headers: { 'content-type': 'application/xml' },
    data: adf(known.name, known.email!.toUpperCase()),
  });
  expect(posted.status()).toBe(202);
  expect((await posted.json()).leads[0]).toMatchObject({
    assigned_to: 'Emma Carter',
    assignment_reason: 'returning customer of Emma Carter',
  });

  // Without a reload, the agent is told.
  await expect(agent.getByText('New lead', { exact: true }).first()).toBeVisible();
  await expect(
    agent.getByText(`${known.name} from ${sourceName}, 2024 Lexus RX 350: returning customer of Emma Carter`),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: sourceName })).toContainText('1 lead · added');
  await agentContext.close();
});
