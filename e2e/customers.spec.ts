import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, open, test, unique } from './fixtures';

async function samplePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]);
  return Buffer.from(await pdf.save());
}

/** Creates a customer through the API as the signed-in user; returns its id. */
async function createThroughApi(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const response = await page.request.post('/api/customers', {
    data: { name, ...extra },
    headers: { 'x-requested-with': 'torque' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id as string;
}

test.describe('customers', () => {
  test('create a referred customer, upload a PDF, download it and delete it', async ({ adminPage: page }) => {
    await open(page, '/dashboard');
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByRole('link', { name: 'Add Customer' }).click();
    await expect(page).toHaveURL(/\/customers\/new$/);

    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Email (Optional)').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();

    const name = unique('Paula Referred');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email (Optional)').fill('paula.referred@example.com');
    await page.getByLabel('Phone (Optional)').fill('(512) 555-0199');
    await page.getByLabel('SUV').check();
    await page.getByLabel('Electric').check();
    await page.getByLabel('Existing customer').check();
    await page.getByRole('combobox', { name: 'Referring Customer' }).click();
    const firstOption = page.getByRole('option').first();
    const referrer = (await firstOption.locator('span span').first().textContent())!;
    await firstOption.click();
    await expect(page.getByRole('combobox', { name: 'Referring Customer' })).toHaveText(referrer);
    await page.getByLabel('Budget (Optional)').fill('48500');
    await page.getByRole('button', { name: 'Create Customer' }).click();

    await expect(page.getByText('Customer created successfully. You can now upload customer documents.')).toBeVisible();
    await expect(
      page.getByText('Customer created successfully! You can continue uploading documents or return to customers.'),
    ).toBeVisible();

    const pdf = await samplePdf();
    await page
      .getByLabel('Upload Document')
      .setInputFiles({ name: 'purchase-agreement.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('purchase-agreement.pdf has been uploaded.')).toBeVisible();
    const documents = page.getByRole('list', { name: 'Customer Documents' });
    await expect(documents.getByText('purchase-agreement.pdf')).toBeVisible();
    await expect(documents.getByText(/\d+(\.\d+)? (Bytes|KB)/)).toBeVisible();

    const linkResponse = page.waitForResponse((r) => r.url().endsWith('/link'));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Download purchase-agreement.pdf' }).click();
    const { url } = await (await linkResponse).json();
    await popup;
    const file = await page.request.get(url);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="purchase-agreement.pdf"/);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);

    await page.getByRole('button', { name: 'Delete purchase-agreement.pdf' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this document?');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('purchase-agreement.pdf has been deleted.')).toBeVisible();
    await expect(page.getByText('No documents uploaded yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Go to Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Referral', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: referrer })).toBeVisible();
    await expect(page.getByText('$48,500')).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('Removed document purchase-agreement.pdf')).toBeVisible();
    await expect(timeline.getByText('Added document purchase-agreement.pdf')).toBeVisible();
  });

  test('edit a customer, and a stale edit is refused', async ({ adminPage: page }) => {
    const name = unique('Edgar Editable');
    const id = await createThroughApi(page, name, { email: 'edgar@example.com' });
    await page.goto('/customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${id}/edit$`));
    await expect(page.getByLabel('Full Name')).toHaveValue(name);

    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'active', exact: true }).click();
    await page.getByLabel('Location (Optional)').fill('Denver, CO');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${id}$`));
    await expect(page.getByText('Denver, CO', { exact: true })).toBeVisible();
    await expect(page.getByText('Status: prospect → active')).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    // The form holds the record as it was before the other tab's change (loaded after it, there would be no conflict).
    await expect(page.getByLabel('Location (Optional)')).toHaveValue('Denver, CO');
    const current = await (await page.request.get(`/api/customers/${id}`)).json();
    const concurrent = await page.request.put(`/api/customers/${id}`, {
      data: { ...current, notes: 'Saved in another tab' },
      headers: { 'x-requested-with': 'torque' },
    });
    expect(concurrent.status()).toBe(200);
    await page.getByLabel('Notes (Optional)').fill('My note');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this record' })).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Notes (Optional)')).toHaveValue('Saved in another tab');
  });

  test('record e-mail consent with the words the customer agreed to; it shows in the ledger and the timeline', async ({
    agentPage: page,
  }) => {
    const id = await createThroughApi(page, unique('Carla Consent'), { email: 'carla.consent@example.com' });
    await page.goto(`/customers/${id}`);
    await expect(page.getByText('No consent')).toHaveCount(2);
    await page.getByRole('button', { name: 'Record a change' }).click();
    const form = page.getByRole('form', { name: 'Record a consent change' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Write down the words the customer agreed to')).toBeVisible();
    const words = 'Yes, e-mail me offers from Torque Auto Brokerage.';
    await form.getByLabel('Words the customer agreed to').fill(words);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Consent recorded')).toBeVisible();
    await expect(page.getByText('Opted in', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Consent history' })).toContainText(words);
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('E-mail: opted in');
  });

  test('search and filters live in the query string', async ({ adminPage: page }) => {
    await open(page, '/customers');
    await expect(page.getByText('Loading customers...').or(page.getByRole('table'))).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('no-such-customer-anywhere');
    await expect(page.getByText('No customers found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add your first customer' })).toBeVisible();
    await expect(page).toHaveURL(/q=no-such-customer-anywhere/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('no-such-customer-anywhere');
    await expect(page.getByText('No customers found.')).toBeVisible();

    await page.goto('/customers');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'inactive' }).click();
    await expect(page).toHaveURL(/status=inactive/);
    await page.keyboard.press('Escape');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const statuses = await page
      .getByRole('table')
      .locator('tbody [data-slot=badge]')
      .filter({ hasText: /^(active|prospect|inactive)$/ })
      .allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['inactive']));
    const summaryTotal = page.getByText('Total Customers').first().locator('xpath=following-sibling::p[1]');
    await expect(summaryTotal).toHaveText(String(statuses.length));
    await page.reload();
    await expect(page.getByRole('button', { name: /Filter/ })).toContainText('1');
  });

  test('the list shows each customer’s next task, and “Needs follow-up” keeps those with a task due', async ({
    agentPage: page,
  }) => {
    const due = unique('Dana Due');
    const later = unique('Lee Later');
    const dueId = await createThroughApi(page, due);
    const laterId = await createThroughApi(page, later);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' }));
    const nextWeek = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const [customer_id, title, due_date] of [
      [dueId, 'Call about the trade-in', today],
      [laterId, 'Send the lease quote', nextWeek],
    ]) {
      const added = await page.request.post('/api/tasks', {
        data: { type: 'call', title, due_date, customer_id },
        headers: { 'x-requested-with': 'torque' },
      });
      expect(added.status(), await added.text()).toBe(201);
    }

    await page.goto(`/customers?q=${encodeURIComponent(due)}`);
    const row = page.getByRole('row').filter({ hasText: due });
    await expect(row).toContainText('Call about the trade-in');
    await expect(row).toContainText('Today');

    await page.goto('/customers');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByLabel('Needs follow-up').click();
    await page.getByRole('option', { name: 'task due' }).click();
    await expect(page).toHaveURL(/follow_up=1/);
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(due.split(' ').slice(0, 2).join(' '));
    await expect(page.getByRole('row').filter({ hasText: due })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(later.split(' ').slice(0, 2).join(' '));
    await expect(page.getByText('No customers found.')).toBeVisible();
  });

  test('an agent does not see the admin\u2019s customer', async ({ adminPage: page, agentPage: agent }) => {
    const name = unique('Admin Only');
    const id = await createThroughApi(page, name, { email: 'admin.only@example.com' });

    await agent.goto(`/customers?q=${encodeURIComponent(name)}`);
    await expect(agent.getByText('No customers found.')).toBeVisible();
    await agent.goto(`/customers/${id}`);
    await expect(agent.getByText('Customer not found.')).toBeVisible();
    await agent.goto('/customers/new');
    await agent.getByLabel('Email (Optional)').fill('admin.only@example.com');
    await agent.waitForTimeout(800);
    await expect(agent.getByText('Possible duplicate:')).toHaveCount(0);
    await page.goto('/customers/new');
    await page.getByLabel('Email (Optional)').fill('ADMIN.ONLY@example.com');
    await expect(page.getByText('Possible duplicate:')).toBeVisible();
    await expect(page.getByRole('link', { name })).toBeVisible();
  });

  test('the phone layout at 390 px shows cards without sideways scrolling', async ({ agentPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/customers');
    const cards = page.getByRole('list', { name: 'Customers' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Add Customer' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await cards
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
