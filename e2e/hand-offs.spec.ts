import type { Page } from '@playwright/test';
import { expect, joinTeam, open, test, textIn, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

/** Gives the customer open on `page` (their page) to `to`, as an admin does from it. */
async function giveCustomer(page: Page, to: string) {
  await page.getByRole('combobox', { name: 'Give to' }).click();
  await page.getByRole('option', { name: to }).click();
  await page.getByRole('button', { name: 'Give customer' }).click();
  await expect(page.getByText(`${to} now has the customer.`)).toBeVisible();
}

/** A short name no other journey uses: the records of this one are listed in tables other journeys measure. */
const short = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 6)}`;

test("one day's hand-offs on a phone: a used car, a customer handed over, a deal from the shared inventory, a text made a lead", async ({
  adminPage: page,
  browser,
}) => {
  // Four hand-offs between three people, two of them joining the team first: three times one journey's time.
  test.setTimeout(270_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/customers');
  const a = await joinTeam(page, browser, 'agent', short('Amy'));
  const b = await joinTeam(page, browser, 'agent', short('Bo'));
  for (const member of [a, b]) await member.page.setViewportSize({ width: 390, height: 844 });
  const setInventory = async (inventory: 'own' | 'dealership') => {
    const settings = await (await page.request.get('/api/settings')).json();
    const saved = await page.request.put('/api/settings', { headers: HEADERS, data: { ...settings, team: { inventory } } });
    expect(saved.status()).toBe(200);
  };
  await setInventory('dealership');
  try {
    // Agent A adds a used car and completes its Buyers Guide: it is then for sale.
    await a.page.goto('/inventory/new');
    const model = short('Tacoma');
    await a.page.getByLabel('Make').fill('Toyota');
    await a.page.getByLabel('Model').fill(model);
    await a.page.getByLabel('Year').fill('2020');
    await a.page.getByLabel('Mileage').fill('61000');
    await a.page.getByLabel('Price ($)').fill('31900');
    await a.page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(a.page).toHaveURL(/\/inventory\/[0-9a-f-]{36}$/);
    const guide = a.page.locator('[data-slot="card"]').filter({ has: a.page.getByText('Buyers Guide', { exact: true }) });
    await guide.getByRole('button', { name: 'Save Buyers Guide' }).click();
    await expect(a.page.getByText('Buyers Guide saved', { exact: true })).toBeVisible();
    const listing = a.page.locator('[data-slot="card"]').filter({ has: a.page.getByText('Online listing', { exact: true }) });
    await expect(listing.getByText('Listed', { exact: true })).toBeVisible();

    // A's customer, whom the admin gives to B from her page.
    const chloe = short('Chloe');
    const added = await a.page.request.post('/api/customers', { headers: HEADERS, data: { name: chloe } });
    expect(added.status()).toBe(201);
    await page.goto(`/customers/${((await added.json()) as { id: string }).id}`);
    await giveCustomer(page, b.name);

    // B starts a deal for her and finds A's car in the shared inventory.
    await b.page.goto('/deals/new');
    await b.page.getByLabel('Vehicle from Inventory (Optional)').fill(model);
    await b.page.getByRole('option', { name: new RegExp(model) }).click();
    await expect(b.page.getByLabel('Model', { exact: true })).toHaveValue(model);
    await b.page.getByLabel('Customer Name').fill(chloe);
    await b.page
      .getByRole('option', { name: new RegExp(chloe) })
      .first()
      .click();
    await expect(b.page.getByText('Linked to the customer record.')).toBeVisible();
    await b.page.getByLabel('Broker Fee ($)').fill('750');
    await b.page.getByRole('button', { name: 'Create Deal' }).click();
    await expect(b.page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
    await expect(b.page.getByRole('link', { name: chloe })).toBeVisible();

    // A text from a number nobody knows: the admin makes it a lead under Unmatched and gives the new customer to B.
    const number = `+1512555${String(Math.floor(1000 + Math.random() * 9000))}`;
    const body = `Do you still have the Tacoma? ${unique('ref')}`;
    await page.goto('/communications');
    await page.getByRole('tab', { name: 'Unmatched' }).click();
    await textIn(page, number, body);
    const row = page.getByRole('list', { name: 'Texts from unknown numbers' }).getByRole('listitem').filter({ hasText: body });
    await row.getByRole('button', { name: 'Create lead' }).click();
    const texter = short('Tia');
    await row.getByLabel('Name (optional)').fill(texter);
    await row.getByRole('button', { name: 'Create the lead' }).click();
    await expect(page.getByText(`The text is in ${texter}'s conversation now.`)).toBeVisible();
    const found = await (await page.request.get(`/api/customers?q=${encodeURIComponent(texter)}`)).json();
    // The rotation chose someone; unless it was B already, the admin gives the new customer to B.
    if (found.items[0].user_id !== b.id) {
      await page.goto(`/customers/${found.items[0].id}`);
      await giveCustomer(page, b.name);
    }
    await b.page.goto(`/customers/${found.items[0].id}`);
    // The text is in B's conversation with them (the lead's comment and the customer's notes carry it too).
    const conversation = b.page.locator('[data-slot="card"]', { hasText: 'Conversation' }).first();
    await expect(conversation.getByText(body).first()).toBeVisible();
  } finally {
    await setInventory('own');
    await a.close();
    await b.close();
  }
});
