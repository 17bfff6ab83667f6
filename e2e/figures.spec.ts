import type { Page } from '@playwright/test';
import { expect, open, test, unique } from './fixtures';

const headers = { 'x-requested-with': 'torque' };

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** Sets the deal's status on its edit screen and saves it. */
async function saveStatus(page: Page, dealId: string, status: string) {
  await page.goto(`/deals/${dealId}/edit`);
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: status }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/deals/${dealId}$`));
}

test('a completed sale moves its customer to Closed, the funnel lists them, and reopening it leaves them there and says so', async ({
  adminPage: page,
}) => {
  const name = unique('Sally Sale');
  const customer = await post<{ id: string }>(page, '/api/customers', { name });
  const deal = await post<{ id: string }>(page, '/api/deals', {
    date: new Date().toISOString().slice(0, 10),
    manufacturer: 'Audi',
    model: 'Q5',
    year: 2024,
    customer_id: customer.id,
    customer_name: name,
    agent_name: 'Alex Morgan',
    contract_price_cents: 4_500_000,
    broker_fee_cents: 150_000,
    status: 'in-progress',
  });

  await saveStatus(page, deal.id, 'Completed');
  await expect(page.getByText('Deal updated successfully.')).toBeVisible();
  await expect(page.getByText('The sale moved its customer')).toBeVisible();
  await expect(page.getByText('Pipeline stage: Lead → Closed')).toBeVisible();

  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('combobox', { name: 'Pipeline Stage' })).toHaveText('Closed');
  await expect(page.getByText('A completed deal closed the sale')).toBeVisible();
  await expect(page.getByText('Status: prospect → active')).toBeVisible();

  await page.goto('/analytics');
  await expect(page.getByText('Sales Closed')).toHaveCount(0);
  // The range is said once, by the picker that chooses it.
  await expect(page.getByRole('combobox', { name: 'Range' })).toHaveText('Last 30 Days');
  await expect(page.getByText('Last 30 Days')).toHaveCount(1);
  // The card counts the range's days, so it is named for that and not for a calendar month; the month table says
  // which days of its months it counts.
  await expect(page.getByText('Monthly Revenue')).toHaveCount(0);
  await expect(page.getByRole('paragraph').filter({ hasText: /^Revenue$/ })).toBeVisible();
  await expect(
    page.getByText(/per calendar month, counting only the days from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/),
  ).toBeVisible();
  await expect(page.getByText('Back-End Gross', { exact: true })).toBeVisible();
  const funnel = page.getByRole('link', { name: /^(Lead|Qualified|Test Drive|Negotiation|Closed): \d+ customers$/ });
  await expect(funnel).toHaveCount(5);
  await page.getByRole('link', { name: /^Closed: \d+ customers$/ }).click();
  await expect(page).toHaveURL(/\/customers\?.*stage_from=Closed/);
  await expect(page.getByRole('link', { name }).first()).toBeVisible();

  await saveStatus(page, deal.id, 'In Progress');
  await expect(page.getByText(`${name} stays where they are in the pipeline`, { exact: false })).toBeVisible();
  await expect(page.getByText('The sale was reopened (now In Progress)')).toBeVisible();
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('combobox', { name: 'Pipeline Stage' })).toHaveText('Closed');
  await expect(page.getByText('The customer stays at Closed, active', { exact: false })).toBeVisible();
});

test('Recent Leads names the lead source a lead came from and how it arrived', async ({ adminPage: page }) => {
  // A marketplace of its own posts a new prospect as ADF, who is then the newest lead on the dashboard.
  const sourceName = unique('Auto Market');
  const source = await post<{ id: string; path: string }>(page, '/api/settings/lead-sources', { name: sourceName });
  const name = unique('Harper Quinn');
  const posted = await page.request.post(source.path, {
    headers: { 'content-type': 'application/xml' },
    data: `<?xml version="1.0"?><adf><prospect><customer><contact><name part="full">${name}</name><email>${name.replace(/\W/g, '.').toLowerCase()}@example.com</email></contact></customer></prospect></adf>`,
  });
  expect(posted.status()).toBe(202);
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(sourceName, { exact: true })).toBeVisible();
  await expect(row.getByText('ADF', { exact: true })).toBeVisible();
  await expect(row.getByText('Website')).toHaveCount(0);
  // The marketplace goes again; its lead stays.
  const removed = await page.request.delete(`/api/settings/lead-sources/${source.id}`, { headers });
  expect(removed.status()).toBe(204);
});

test('each agent figure says what it counts and over which period, and one label shows one figure', async ({
  adminPage: page,
}) => {
  await open(page, '/agents');
  await expect(page.getByRole('columnheader', { name: 'Total Sales Completed, all time' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Deals Any status, all time' })).toBeVisible();
  const salesColumn = 4;
  const onAgents = await page
    .getByRole('row')
    .filter({ hasText: 'Emma Carter' })
    .getByRole('cell')
    .nth(salesColumn)
    .textContent();

  await page.goto('/accounting');
  await expect(page.getByRole('columnheader', { name: 'Completed Deals All time' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Total Sales Completed, all time' })).toBeVisible();
  const onAccounting = await page.getByRole('row').filter({ hasText: 'Emma Carter' }).getByRole('cell').nth(3).textContent();
  expect(onAccounting).toBe(onAgents);

  await page.goto('/dashboard');
  const year = new Date().getFullYear();
  await expect(page.getByText(`Completed deals and their sales, this year (${year})`)).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Top agents' })
      .getByText(/^\d+ completed$/)
      .first(),
  ).toBeVisible();
});
