import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { withCheckDigit } from '../src/shared/vehicles/vin';
import { expect, joinTeam, open, test, unique } from './fixtures';

/** An Audi VIN (WMI WA1, position 7 a letter, year code J → 2018) no other run has used. */
function freshAudiVin() {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return withCheckDigit(`WA1A4AFY0JZ${serial}`);
}

async function createThroughApi(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/vehicles', {
    data: { make: 'Volvo', model: 'XC60', year: 2021, price_cents: 39_000_00, ...data },
    headers: { 'x-requested-with': 'torque' },
  });
  expect(response.status()).toBe(201);
  return response.json() as Promise<{ id: string; updated_at: string }>;
}

/** The inventory's summary cards as shown, title → figure, in their order. */
async function summaryCards(page: Page) {
  const row = page.getByText('Total Vehicles', { exact: true }).locator('xpath=ancestor::div[contains(@class, "grid-cols-")][1]');
  const cards = await row.locator('[data-slot="card"]').evaluateAll((elements) =>
    elements.map((card) =>
      Array.from(card.querySelectorAll('p'))
        .slice(0, 2)
        .map((p) => p.textContent ?? ''),
    ),
  );
  return cards as [string, string][];
}

test.describe('inventory', () => {
  test('the summary cards count every status and add up to the total', async ({ agentPage: page }) => {
    const model = unique('Tally');
    for (const status of ['available', 'pending', 'sold', 'reserved', 'reserved'])
      await createThroughApi(page, { model, status, price_cents: 10_000_00 });
    const figure = (text: string) => Number(text.replaceAll(',', ''));
    const total = page.getByText('Total Vehicles', { exact: true }).locator('xpath=following-sibling::p[1]');

    // The whole inventory, whatever the demo holds: every vehicle is counted under one status.
    await page.goto('/inventory');
    await expect(total).toHaveText(/^\d/);
    const all = await summaryCards(page);
    expect(all.map(([title]) => title)).toEqual(['Total Vehicles', 'Available', 'Pending', 'Sold', 'Reserved', 'Total Value']);
    const statusSum = (cards: [string, string][]) =>
      cards.filter(([title]) => !title.startsWith('Total')).reduce((sum, [, value]) => sum + figure(value), 0);
    expect(statusSum(all)).toBe(figure(all[0]![1]));

    // A search: the cards count exactly the vehicles it finds.
    await page.goto(`/inventory?q=${encodeURIComponent(model)}`);
    await expect(total).toHaveText('5');
    const found = await summaryCards(page);
    expect(found.map(([, value]) => value)).toEqual(['5', '1', '1', '1', '2', '$40,000']);
    expect(statusSum(found)).toBe(5);
  });

  test('add a vehicle by its VIN, find it, filter, export, view and edit it', async ({ adminPage: page }) => {
    await open(page, '/dashboard');
    await page.getByRole('link', { name: 'Inventory' }).first().click();
    await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    await expect(page).toHaveURL(/\/inventory\/new$/);

    const vin = freshAudiVin();
    const model = unique('Q5');
    const wrongCheckDigit = `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;
    await page.getByLabel('VIN (Optional)').fill(wrongCheckDigit.toLowerCase());
    await expect(page.getByText(/Check digit mismatch: position 9 should be/)).toBeVisible();
    await page.getByLabel('VIN (Optional)').fill(vin.toLowerCase());
    await expect(page.getByText('Check digit valid · 2018 Audi')).toBeVisible();
    await expect(page.getByLabel('Make')).toHaveValue('Audi');
    await expect(page.getByLabel('Year')).toHaveValue('2018');

    await page.getByLabel('Model').fill(model);
    await page.getByLabel('Price ($)').fill('45900');
    await page.getByLabel('Navigation').check();
    await page.getByLabel('Sunroof').check();
    await page.getByLabel('Heated Seats').check();
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(page.getByText('Vehicle added to inventory successfully')).toBeVisible();
    // The new vehicle's own page opens, where its photos and Buyers Guide are added.
    await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `2018 Audi ${model}` })).toBeVisible();
    await expect(page.getByText('Buyers Guide', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Inventory' }).click();
    await expect(page).toHaveURL(/\/inventory$/);

    const search = page.getByRole('searchbox', { name: 'Search vehicles' });
    await search.fill(vin.slice(5, 14).toLowerCase());
    const row = page.getByRole('row').filter({ hasText: model });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText(vin);
    await expect(row).toContainText('$45,900');
    await expect(row).toContainText('Not specified');
    await expect(row).toContainText('0 miles');
    await expect(row).toContainText('+1');

    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'sold' }).click();
    await expect(page.getByText('No vehicles found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add your first vehicle' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'available' }).click();
    await expect(row).toBeVisible();
    await page.keyboard.press('Escape');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export' }).click();
    const csv = fs
      .readFileSync((await (await download).path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`2018,Audi,${model},${vin},,0,45900.00,Available`);

    await row.getByRole('link', { name: /^View / }).click();
    await expect(page.getByRole('heading', { name: `2018 Audi ${model}` })).toBeVisible();
    await expect(page.getByText('VIN check digit valid. The VIN reads as 2018 Audi.')).toBeVisible();
    await expect(page.getByText('Added to inventory by Alex Morgan')).toBeVisible();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit Vehicle' })).toBeVisible();
    await expect(page.getByLabel('Model')).toHaveValue(model);
    await expect(page.getByLabel('Sunroof')).toBeChecked();
    await page.getByLabel('Price ($)').fill('44500');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'pending' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Vehicle updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: `2018 Audi ${model}` })).toBeVisible();
    await expect(page.getByText('$44,500', { exact: true })).toBeVisible();
    await expect(page.getByText('Price: $45,900.00 → $44,500.00')).toBeVisible();
    await expect(page.getByText('Status: available → pending')).toBeVisible();

    await page.goto('/inventory/new');
    await page.getByLabel('VIN (Optional)').fill(vin);
    await expect(page.getByText('Possible duplicate:')).toBeVisible();
    await expect(page.getByRole('link', { name: `2018 Audi ${model}` })).toBeVisible();
  });

  test('the form shows the spec messages', async ({ agentPage: page }) => {
    await open(page, '/inventory/new');
    await expect(page.getByLabel('Mileage')).toHaveValue('0');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('available');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(page.getByText('Make is required')).toBeVisible();
    await expect(page.getByText('Model is required')).toBeVisible();
    await expect(page.getByText('Invalid year')).toBeVisible();

    await page.getByLabel('Year').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('Mileage').fill('-1');
    await page.getByLabel('Price ($)').fill('-5');
    await page.getByLabel('Contact Email (Optional)').fill('not-an-email');
    await page.getByLabel('VIN (Optional)').fill('1FTMW1T88MFA0000O');
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    await expect(page.getByText('Year too far in future')).toBeVisible();
    await expect(page.getByText('Mileage must be positive')).toBeVisible();
    await expect(page.getByText('Price must be positive')).toBeVisible();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('VIN cannot contain the letters I, O or Q')).toBeVisible();
    await expect(page).toHaveURL(/\/inventory\/new$/);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
  });

  test('a save based on an old version is refused and can be reloaded', async ({ adminPage: page }) => {
    const model = unique('XC60');
    const vehicle = await createThroughApi(page, { model });
    await page.goto(`/inventory/${vehicle.id}/edit`);
    await expect(page.getByLabel('Model')).toHaveValue(model);

    const other = await page.request.put(`/api/vehicles/${vehicle.id}`, {
      data: { make: 'Volvo', model, year: 2021, price_cents: 37_000_00, updated_at: vehicle.updated_at },
      headers: { 'x-requested-with': 'torque' },
    });
    expect(other.status()).toBe(200);

    await page.getByLabel('Color (Optional)').fill('Crystal White');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Someone else changed this vehicle after you opened it.')).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Price ($)')).toHaveValue('37000');
    await page.getByLabel('Color (Optional)').fill('Crystal White');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Vehicle updated successfully')).toBeVisible();
    await expect(page.getByText('Crystal White', { exact: true })).toBeVisible();
  });

  test("an agent does not see another user's vehicle", async ({ adminPage: page, agentPage: agent }) => {
    const model = unique('Admin Only');
    const vehicle = await createThroughApi(page, { model });

    await agent.goto(`/inventory?q=${encodeURIComponent(model)}`);
    await expect(agent.getByText('No vehicles found.')).toBeVisible();
    await agent.goto(`/inventory/${vehicle.id}`);
    await expect(agent.getByText('Vehicle not found.')).toBeVisible();
  });

  test('the whole dealership sells one inventory, and an admin hands a customer to another agent live', async ({
    adminPage: page,
    browser,
  }) => {
    const headers = { 'x-requested-with': 'torque' };
    await open(page, '/settings');
    const emma = await joinTeam(page, browser, 'agent', unique('Emma Seller'));
    const ben = await joinTeam(page, browser, 'agent', unique('Ben Buyer'));
    const model = unique('Shared Outback');
    const vehicle = await createThroughApi(emma.page, { make: 'Subaru', model, condition: 'new' });
    const setInventory = async (inventory: 'own' | 'dealership') => {
      const settings = await (await page.request.get('/api/settings')).json();
      const saved = await page.request.put('/api/settings', { headers, data: { ...settings, team: { inventory } } });
      expect(saved.status()).toBe(200);
    };
    try {
      // Each agent's own, the default: Ben finds nothing of Emma's.
      await ben.page.goto(`/inventory?q=${encodeURIComponent(model)}`);
      await expect(ben.page.getByText('No vehicles found.')).toBeVisible();

      // The admin has the dealership share its inventory.
      await page.getByRole('combobox', { name: 'Inventory' }).click();
      await page.getByRole('option', { name: 'The whole dealership' }).click();
      await page.getByRole('button', { name: 'Save All Changes' }).click();
      await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

      await ben.page.reload();
      await ben.page.getByRole('link', { name: `View 2021 Subaru ${model}` }).click();
      await expect(ben.page.getByRole('heading', { name: `2021 Subaru ${model}` })).toBeVisible();
      await expect(ben.page.getByText(emma.name, { exact: true })).toBeVisible();
      await expect(ben.page.getByText(`You may put it on your deal; ${emma.name}, editors and admins change it.`)).toBeVisible();
      await expect(ben.page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
      await expect(emma.page.request.get(`/api/vehicles/${vehicle.id}`)).resolves.toBeOK();

      // Emma's customer, handed to Ben by the admin from the list: Ben's open list shows her without a reload.
      const customer = unique('Chloe Handover');
      const created = await emma.page.request.post('/api/customers', { headers, data: { name: customer } });
      expect(created.status()).toBe(201);
      await ben.page.goto(`/customers?q=${encodeURIComponent(customer)}`);
      await expect(ben.page.getByText('No customers found.')).toBeVisible();
      await page.goto(`/customers?q=${encodeURIComponent(customer)}`);
      await page
        .getByRole('checkbox', { name: `Select ${customer}` })
        .first()
        .check();
      const bar = page.getByRole('region', { name: 'Selected customers' });
      await expect(bar.getByText('1 selected')).toBeVisible();
      await bar.getByRole('combobox', { name: 'Give to' }).click();
      await page.getByRole('option', { name: ben.name }).click();
      await bar.getByRole('button', { name: 'Give customer' }).click();
      await expect(page.getByText(`${ben.name} now has the customer.`)).toBeVisible();
      await expect(ben.page.getByRole('link', { name: customer }).first()).toBeVisible();
    } finally {
      await setInventory('own');
      await emma.close();
      await ben.close();
    }
  });

  test('the phone layout at 390 px shows cards without sideways scrolling', async ({ agentPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/inventory');
    const cards = page.getByRole('list', { name: 'Vehicles' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByText('Total Value')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await cards
      .getByRole('link', { name: /^View / })
      .first()
      .click();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
