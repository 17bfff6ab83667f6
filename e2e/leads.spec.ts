import type { Page } from '@playwright/test';
import { expect, joinTeam, open, test, unique } from './fixtures';

const headers = { 'x-requested-with': 'torque' };

/** A customer with an e-mail, of the user signed in on `page`: the journey's own, whom no other journey reads. */
async function customerOf(page: Page, prefix: string) {
  const name = unique(prefix);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const created = await page.request.post('/api/customers', { headers, data: { name, email } });
  expect(created.status(), await created.text()).toBe(201);
  return { ...((await created.json()) as { id: string }), name, email };
}

const adf = (name: string, email: string) => `<?xml version="1.0"?>
<adf><prospect>
  <requestdate>2026-11-20T09:15:00-06:00</requestdate>
  <vehicle interest="buy"><year>2024</year><make>Lexus</make><model>RX 350</model></vehicle>
  <customer><contact><name part="full">${name}</name><email>${email}</email></contact></customer>
</prospect></adf>`;

test('an admin adds a lead source; a lead posted to it reaches the customer\u2019s agent at once, with the reason', async ({
  adminPage: page,
  agentPage: agent,
}) => {
  // The agent is at work on the dashboard, with a customer of their own who has an e-mail.
  const known = await customerOf(agent, 'Rhoda Returning');
  await open(agent, '/dashboard');

  await open(page, '/settings');
  const sourceName = unique('Lead Market');
  await page.getByLabel('Source name').fill(sourceName);
  await page.getByRole('button', { name: 'Add source' }).click();
  await expect(page.getByText('Lead source added')).toBeVisible();
  const url = await page.getByTestId('lead-source-url').innerText();
  expect(url).toMatch(/\/api\/leads\/adf\?key=[\w-]{32}$/);

  // The marketplace posts its lead: no session, just the key in the address.
  const posted = await page.request.post(url, {
    headers: { 'content-type': 'application/xml' },
    data: adf(known.name, known.email.toUpperCase()),
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
});

test('a lead sent through the web form appears on the agent\u2019s Leads screen at once; a logged call answers it', async ({
  agentPage: page,
  adminPage: admin,
  browser,
}) => {
  // The agent watches their Leads screen; one of their customers writes through the brokerage's web form.
  const known = await customerOf(page, 'Wes Webform');
  await page.goto('/leads');
  await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
  // Agents do not see the unreadable leads, which have no agent yet.
  await expect(page.getByRole('tab', { name: 'Could not be read' })).toHaveCount(0);

  // The form's address is a lead source's (Settings → Lead sources): one of the journey's own.
  const added = await admin.request.post('/api/settings/lead-sources', { headers, data: { name: unique('Web Form') } });
  expect(added.status(), await added.text()).toBe(201);
  const source = (await added.json()) as { id: string };
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(`/lead-form/${source.id}`);
  await expect(form.getByRole('heading', { name: /^Contact / })).toBeVisible();
  await form.getByLabel('Full Name').fill(known.name);
  await form.getByLabel('Email').fill(known.email);
  const vehicle = unique('Mazda CX-50');
  await form.getByLabel('Vehicle of interest').fill(vehicle);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you' })).toBeVisible();

  // Without a reload, the lead is on the agent's screen, with the reason, waiting for an answer.
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: vehicle });
  await expect(row).toContainText('Emma Carter · returning customer of Emma Carter');
  await expect(row).toContainText('Waiting');
  await expect(row).toContainText('Web form');

  await row.getByRole('button', { name: 'Log contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log contact' });
  await dialog.getByLabel('Note').fill('Called back, test drive Saturday');
  await dialog.getByRole('button', { name: 'Log contact' }).click();
  await expect(page.getByText('Contact logged')).toBeVisible();
  await expect(row).toContainText('by Emma Carter, a logged contact');
  await visitor.close();
});

test('an admin adds a lead by hand; it becomes a customer given to an agent in turn', async ({ adminPage: page }) => {
  await open(page, '/leads');
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Enter an email or a phone number')).toBeVisible();
  const name = unique('Desk Caller');
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Phone').fill(`(512) 555-${String(Date.now()).slice(-4)}`);
  await dialog.getByLabel('Budget ($)').fill('41,000');
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByText('Lead added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('next in rotation');
  await expect(row).toContainText('By hand');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('$41,000')).toBeVisible();
});

test('an agent who adds a lead for another agent\u2019s customer is told only that; the lead goes to that agent', async ({
  agentPage: page,
  adminPage: admin,
  browser,
}) => {
  // A customer with an e-mail who is another agent's: one who joins the team for this journey.
  const owner = await joinTeam(admin, browser, 'agent', unique('Olive Owner'));
  const other = await customerOf(owner.page, 'Tess Theirs');
  await owner.close();
  const theirs = (await (await admin.request.get(`/api/customers/${other.id}`)).json()) as {
    id: string;
    name: string;
    email: string;
    owner_name: string;
  };

  await page.goto('/leads');
  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  const name = unique('Desk Caller');
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(theirs.email);
  await dialog.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByText('Lead passed on', { exact: true })).toBeVisible();
  await expect(page.getByText('This person is already a customer of another agent.', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Neither the customer nor their agent is named, and the lead is not on this agent's screen.
  await expect(page.getByText(theirs.name)).toHaveCount(0);
  await expect(page.getByText(theirs.owner_name)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  // The lead went to the customer's agent, with who added it.
  const leads = (await (await admin.request.get(`/api/leads?customer=${theirs.id}`)).json()) as {
    items: { name: string; assigned_to: { name: string } | null; assignment_reason: string }[];
  };
  expect(leads.items.find((l) => l.name === name)).toMatchObject({
    assigned_to: { name: theirs.owner_name },
    assignment_reason: `returning customer of ${theirs.owner_name}, added by Emma Carter`,
  });
});
