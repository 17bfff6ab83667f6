import type { Page } from '@playwright/test';
import { expect, open, test, unique } from './fixtures';

type Option = {
  id: string;
  name?: string;
  make?: string;
  model?: string;
  year?: number;
  vin?: string | null;
  price_cents?: number;
};
type Analytics = {
  year: number;
  years: number[];
  totals: { units: number };
  by_manufacturer: { manufacturer: string; units: number }[];
};

const thisYear = new Date().getUTCFullYear();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const json = async <T>(page: Page, url: string): Promise<T> => {
  const response = await page.request.get(url);
  expect(response.ok(), url).toBe(true);
  return response.json() as Promise<T>;
};

/** A well-formed VIN no other record has (its check digit may not match: Torque only warns of that). */
const randomVin = () =>
  Array.from({ length: 17 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[Math.floor(Math.random() * 33)]).join('');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an agent records a deal from an existing customer and vehicle, uploads the contract, and every figure follows', async ({
  agentPage: page,
}) => {
  // A customer of the agent's own: the completed sale moves them along the pipeline, which other journeys count.
  const customerName = unique('Nora Buyer');
  const created = await page.request.post('/api/customers', {
    headers: { 'x-requested-with': 'torque' },
    data: { name: customerName },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer: Option = { id: ((await created.json()) as { id: string }).id, name: customerName };
  // A vehicle of a make of its own, so the figure it checks counts this journey's sale alone, whatever else was sold.
  const added = await page.request.post('/api/vehicles', {
    headers: { 'x-requested-with': 'torque' },
    data: { make: unique('Coachworks'), model: 'Tourer', year: 2025, price_cents: 4_250_000, vin: randomVin() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const vehicle = (await added.json()) as Option;

  await page.goto('/deals/new');
  await page.getByLabel('Vehicle from Inventory (Optional)').fill(vehicle.vin!);
  await page.getByRole('option', { name: new RegExp(escape(vehicle.vin!)) }).click();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(vehicle.model!);
  await expect(page.getByLabel('Contract Price ($)')).toHaveValue(String(vehicle.price_cents! / 100));

  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  // The closed select hands focus back to its trigger; typing starts after that.
  await expect(page.getByLabel('Status', { exact: true })).toBeFocused();
  await page.getByLabel('Customer Name').fill(customer.name!);
  await page
    .getByRole('option', { name: new RegExp(escape(customer.name!)) })
    .first()
    .click();
  await expect(page.getByText('Linked to the customer record.')).toBeVisible();
  await page.getByLabel('Broker Fee ($)').fill('1234');

  await page.getByRole('button', { name: 'Payment calculator' }).click();
  await page.getByLabel('APR (%)').fill('5');
  await page.getByRole('button', { name: 'Use this payment' }).click();
  await expect(page.getByLabel('Monthly Payment ($)')).not.toHaveValue('');

  await page.getByRole('button', { name: 'Create Deal' }).click();
  await expect(page.getByText('Deal created successfully. You can now upload contract documents.')).toBeVisible();
  // The new deal opens, with its contract documents.
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);

  await page.getByLabel('Upload Document').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('contract.pdf has been uploaded.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Contract Documents' }).getByText('contract.pdf')).toBeVisible();

  const sold = await json<{ status: string }>(page, `/api/vehicles/${vehicle.id}`);
  expect(sold.status).toBe('sold');
  // The vehicle's page lists the deal, in the card the deals area puts there.
  const dealUrl = page.url();
  await page.goto(`/inventory/${vehicle.id}`);
  const dealsCard = page.locator('[data-slot="card"]').filter({ hasText: 'Deals for this vehicle' });
  await expect(dealsCard.getByText(customer.name!)).toBeVisible();
  await page.goto(dealUrl);

  await page.getByRole('link', { name: 'Back to Deals' }).click();
  await expect(page).toHaveURL(/\/deals$/);
  const row = page.getByRole('row').filter({ hasText: vehicle.make! }).first();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(page.getByText(`Figures for ${thisYear} count completed deals only.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Individual Deals' }).click();
  await expect(page.getByRole('row').filter({ hasText: customer.name! }).first()).toBeVisible();

  await page.goto('/dashboard');
  const recent = page.getByRole('list', { name: 'Recent deals' });
  const ours = recent.getByRole('listitem').filter({ hasText: customer.name! }).filter({ hasText: vehicle.model! });
  await expect(ours.first()).toContainText('Completed');
});

test('an admin records a deal for an agent\u2019s customer, offered her instead of a second one; another agent cannot pick her', async ({
  agentPage: page,
  adminPage: admin,
  browser,
}) => {
  // Agent A (Emma Carter) owns Chloe.
  const name = unique('Chloe Bennett');
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`;
  const added = await page.request.post('/api/customers', {
    headers: { 'x-requested-with': 'torque' },
    data: { name, email },
  });
  expect(added.status(), await added.text()).toBe(201);
  const chloe = (await added.json()) as { id: string };

  // The admin finds her among everyone's customers, with whose she is.
  await open(admin, '/deals/new');
  await admin.getByLabel('Customer Name').fill(name);
  await expect(admin.getByRole('option', { name: new RegExp(escape(name)) })).toContainText("Emma Carter's");

  // Typed as a new customer with her e-mail, she is offered instead, and used.
  await admin.getByLabel('Customer Name').fill('Chloe B.');
  await admin.getByLabel('Manufacturer').fill('Volvo');
  await admin.getByLabel('Model', { exact: true }).fill('XC60');
  await expect(admin.getByLabel('Save as a new customer when the deal is saved')).toBeChecked();
  await admin.getByLabel('Email (Optional)').fill(email.toUpperCase());
  const offer = admin.getByRole('list', { name: 'Already customers' }).getByRole('status');
  await expect(offer).toContainText(`${name} (${email}) is already a customer`);
  await offer.getByRole('button', { name: 'Use this customer' }).click();
  await expect(admin.getByText('Linked to the customer record.')).toBeVisible();
  await expect(admin.getByLabel('Customer Name')).toHaveValue(name);
  await expect(admin.getByLabel('Agent Name')).toHaveText('Emma Carter');
  await admin.getByLabel('Status', { exact: true }).click();
  await admin.getByRole('option', { name: 'Completed' }).click();
  await admin.getByLabel('Contract Price ($)').fill('41000');
  await admin.getByLabel('Broker Fee ($)').fill('800');
  await admin.getByRole('button', { name: 'Create Deal' }).click();

  // The new deal opens; it is on her record, which the sale made active, and there is still one of her.
  await expect(admin).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('link', { name })).toHaveAttribute('href', `/customers/${chloe.id}`);
  const dealId = admin.url().split('/').pop();
  const hers = await json<{ items: { id: string }[] }>(page, `/api/deals?customer_id=${chloe.id}`);
  expect(hers.items.map((d) => d.id)).toEqual([dealId]);
  expect((await json<{ status: string }>(page, `/api/customers/${chloe.id}`)).status).toBe('active');
  const named = await json<{ items: { id: string }[] }>(admin, `/api/customers?q=${encodeURIComponent(email)}`);
  expect(named.items.map((c) => c.id)).toEqual([chloe.id]);

  // A deal started from her page is hers, with her agent.
  await admin.goto(`/customers/${chloe.id}`);
  await admin.getByRole('link', { name: 'New Deal' }).click();
  await expect(admin).toHaveURL(new RegExp(`/deals/new\\?customer=${chloe.id}$`));
  await expect(admin.getByText('Linked to the customer record.')).toBeVisible();
  await expect(admin.getByLabel('Customer Name')).toHaveValue(name);
  await expect(admin.getByLabel('Agent Name')).toHaveText('Emma Carter');

  // Agent B (Liam Brooks, an admin switched to him) cannot pick her, nor is told whose she is.
  const agents = await json<{ id: string; name: string }[]>(admin, '/api/deals/agents');
  const liam = agents.find((a) => a.name === 'Liam Brooks')!;
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const headers = { 'x-requested-with': 'torque' };
  expect((await other.request.post('/api/session/demo', { data: { role: 'admin' }, headers })).ok()).toBe(true);
  expect((await other.request.post('/api/session/switch', { data: { userId: liam.id }, headers })).ok()).toBe(true);
  await other.goto('/deals/new');
  const looked = other.waitForResponse((r) => r.url().includes('/api/customers/lookup') && r.ok());
  await other.getByLabel('Customer Name').fill(name);
  expect(await (await looked).json()).toEqual([]);
  await expect(other.getByRole('option')).toHaveCount(0);
  await other.getByLabel('Manufacturer').fill('Volvo');
  await other.getByLabel('Model', { exact: true }).fill('XC60');
  await other.getByLabel('Email (Optional)').fill(email);
  await other.getByLabel('Contract Price ($)').fill('41000');
  await other.getByLabel('Broker Fee ($)').fill('800');
  await other.getByRole('button', { name: 'Create Deal' }).click();
  await expect(other.getByText('This person is already a customer of another agent.', { exact: false })).toBeVisible();
  await expect(other).toHaveURL(/\/deals\/new$/);
  await expect(other.getByText(name)).toHaveCount(0);
  await expect(other.getByRole('list', { name: 'Already customers' })).toHaveCount(0);
  await otherContext.close();
});

test('an agent types a Toyota cash deal by hand: any make, suggested as typed, and no monthly payment', async ({
  agentPage: page,
}) => {
  await open(page, '/deals/new');
  const make = page.getByLabel('Manufacturer');
  await make.fill('Toy');
  await expect(page.locator('#deal-make-suggestions option[value="Toyota"]')).toHaveCount(1);
  await make.fill('Toyota');
  await page.getByLabel('Model', { exact: true }).fill('Camry');
  const buyer = unique('Hiro Tanaka');
  await page.getByLabel('Customer Name').fill(buyer);
  await page.getByLabel('Contract Price ($)').fill('28500');
  await page.getByLabel('Monthly Payment ($)').fill('450');
  await page.getByLabel('Broker Fee ($)').fill('900');
  await page.getByLabel('Classification').click();
  await page.getByRole('option', { name: 'Cash Deal' }).click();
  await expect(page.getByLabel('Monthly Payment ($)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Payment calculator' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Deal' }).click();
  await expect(page.getByText('Deal created successfully. You can now upload contract documents.')).toBeVisible();
  const deals = await json<{ items: { id: string; manufacturer: string; monthly_payment_cents: number | null }[] }>(
    page,
    `/api/deals?q=${encodeURIComponent(buyer)}`,
  );
  expect(deals.items).toMatchObject([{ manufacturer: 'Toyota', monthly_payment_cents: null }]);
  await page.goto(`/deals/${deals.items[0]!.id}`);
  await expect(page.getByText('Monthly Payment').locator('..')).toContainText('N/A');
});

test('an admin switches the year, exports the tab and downloads a statement', async ({ adminPage: page }) => {
  const current = await json<Analytics>(page, '/api/analytics/deals');
  const lastYear = await json<Analytics>(page, `/api/analytics/deals?year=${thisYear - 1}`);

  await page.goto('/deals');
  await expect(page.getByText('YTD Units Sold')).toBeVisible();
  const unitsCard = page.locator('[data-slot=card]', { hasText: 'YTD Units Sold' });
  await expect(unitsCard).toContainText(current.totals.units.toLocaleString('en-US'));
  await page.getByLabel('Year').click();
  await page.getByRole('option', { name: String(thisYear - 1) }).click();
  await expect(page).toHaveURL(new RegExp(`year=${thisYear - 1}`));
  await expect(page.getByText(`Figures for ${thisYear - 1} count completed deals only.`)).toBeVisible();
  await expect(unitsCard).toContainText(lastYear.totals.units.toLocaleString('en-US'));

  await page.getByRole('tab', { name: 'Monthly Breakdown' }).click();
  await expect(page.getByRole('cell', { name: `December ${thisYear - 1}` })).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Report' }).click()]);
  expect(csv.suggestedFilename()).toBe(`deal-analytics-${thisYear - 1}-monthly.csv`);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  expect(text.split('\r\n')[0]).toBe('Month,Units,Sales,Broker Fees,Average,Change (%)');
  await expect(page.getByText('Download Started')).toBeVisible();
  // The toast appears under the pointer, which keeps it open; the pointer moves on, as a user's would, and it leaves.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Download Started')).toBeHidden();

  const [statement] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Generate Statement' }).click(),
  ]);
  expect(statement.suggestedFilename()).toBe(`deal-statement-${thisYear - 1}.pdf`);
});

test('the deal screens fit a phone', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dashboard', '/deals', '/deals?tab=deals', '/deals/new', '/analytics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/deals?tab=deals');
  await expect(page.getByRole('tab', { name: 'Individual Deals' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\d{4} .+/ }).first()).toBeVisible();
});
