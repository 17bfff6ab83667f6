import type { Page } from '@playwright/test';
import { expect, open, signIn, test, unique } from './fixtures';

const thisYear = new Date().getFullYear();

async function post(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data, headers: { 'x-requested-with': 'torque' } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json() as Promise<{ id: string }>;
}

test.describe('a session ended elsewhere', () => {
  test('signing out in one tab sends the other tabs to sign-in', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await signIn(page, 'agent');
    const other = await context.newPage();
    await other.goto('/inventory');
    await expect(other.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(other.getByText('Welcome,')).toHaveCount(0);
    expect(errors.filter((e) => e.includes('useCurrentSession'))).toEqual([]);
  });

  test('any 401 sends the tab to sign-in', async ({ agentPage: page }) => {
    await open(page, '/customers');
    await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
    // This tab's cookies only: the stored session itself goes on.
    await page.context().clearCookies();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('anyone');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('failures look like failures', () => {
  test('a failed list shows an error with Retry, never the empty state', async ({ agentPage: page }) => {
    // The list's own request, with or without a query string; not the summary's or a customer's.
    const customerList = /\/api\/customers(\?|$)/;
    await page.route(customerList, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } } }),
    );
    await page.goto('/customers');
    await expect(page.getByText('Failed to fetch customers').first()).toBeVisible();
    await expect(page.getByText('No customers found.')).toHaveCount(0);
    await page.unroute(customerList);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
  });

  test('a failed dashboard or analytics request shows an error with Retry instead of Loading... forever', async ({
    agentPage: page,
  }) => {
    // Each screen's own request, with or without a query string (none is sent when every value is left out).
    for (const [api, path, message] of [
      [/\/api\/dashboard(\?|$)/, '/dashboard', 'Failed to load the dashboard'],
      [/\/api\/analytics(\?|$)/, '/analytics', 'Failed to load analytics'],
      [/\/api\/analytics\/deals(\?|$)/, '/deals', 'Failed to fetch deals'],
    ] as const) {
      await page.route(api, (route) => route.abort());
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await page.unroute(api);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    }
  });

  test('a record that exists but failed to load is not called missing', async ({ agentPage: page }) => {
    const customer = await post(page, '/api/customers', { name: unique('Rhea Retry') });
    await page.route(`**/api/customers/${customer.id}`, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Service unavailable' } } }),
    );
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByText('Failed to load the customer')).toBeVisible();
    await expect(page.getByText('Customer not found')).toHaveCount(0);
  });
});

test.describe('deleting records', () => {
  test('a customer, after a confirm dialog that says what happens', async ({ agentPage: page }) => {
    const name = unique('Dana Delete');
    const customer = await post(page, '/api/customers', { name });
    await page.goto(`/customers/${customer.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: `Delete ${name}?` })).toBeVisible();
    await expect(dialog).toContainText('Their documents are deleted with them');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByText(`${name} has been deleted.`)).toBeVisible();
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByText('Customer not found')).toBeVisible();
  });

  test('a vehicle on a deal is refused with the reason, in the dialog', async ({ agentPage: page }) => {
    const model = unique('Refused');
    const vehicle = await post(page, '/api/vehicles', { make: 'Audi', model, year: thisYear, price_cents: 40_000_00 });
    await post(page, '/api/deals', {
      date: `${thisYear}-01-15`,
      manufacturer: 'Audi',
      model,
      year: thisYear,
      customer_name: 'Kept Customer',
      agent_name: 'x',
      contract_price_cents: 40_000_00,
      broker_fee_cents: 1_000_00,
      vehicle_id: vehicle.id,
      status: 'completed',
    });
    await page.goto(`/inventory/${vehicle.id}`);

    // Sold through a completed deal: the other statuses cannot be picked, and the list says why.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: 'Available' })).toHaveAttribute('data-disabled', '');
    await expect(page.getByText('This vehicle was sold through a completed deal.')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This vehicle is on a deal. Remove it from that deal before deleting it.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(model) })).toBeVisible();
  });

  test('a deal, which frees its vehicle', async ({ agentPage: page }) => {
    const model = unique('Freed');
    const vehicle = await post(page, '/api/vehicles', { make: 'BMW', model, year: thisYear, price_cents: 50_000_00 });
    const deal = await post(page, '/api/deals', {
      date: `${thisYear}-01-16`,
      manufacturer: 'BMW',
      model,
      year: thisYear,
      customer_name: 'Freda Freed',
      agent_name: 'x',
      contract_price_cents: 50_000_00,
      broker_fee_cents: 1_000_00,
      vehicle_id: vehicle.id,
      status: 'completed',
    });
    await page.goto(`/deals/${deal.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/deals\?tab=deals$/);
    await page.goto(`/inventory/${vehicle.id}`);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(/available/i);
  });
});

test.describe('filters', () => {
  test('say what is wrong with impossible input instead of ignoring it', async ({ agentPage: page }) => {
    await open(page, '/inventory');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByLabel('Year from').fill('2025');
    await expect(page).toHaveURL(/year_min=2025/);
    // As a person would, the next field is typed once the list of the first has arrived.
    await expect(page.getByText('Loading vehicles...')).toHaveCount(0);
    await expect(page.getByLabel('Year from')).toHaveValue('2025');
    await page.getByLabel('Year to').fill('2019');
    await expect(page.getByText("'Year to' can't be before 'Year from'")).toBeVisible();
    await expect(page).not.toHaveURL(/year_max/);
    await page.getByLabel('Year to').fill('abc');
    await expect(page.getByText('Enter a year such as 2020')).toBeVisible();
    await page.getByLabel('Price from ($)').fill('-100');
    await expect(page.getByText('Enter an amount of 0 or more')).toBeVisible();
  });

  test('a shared link with an impossible filter explains itself', async ({ agentPage: page }) => {
    await open(page, '/inventory?year_min=2025&year_max=2019');
    await expect(page.getByText('Failed to fetch vehicles').first()).toBeVisible();
    await expect(page.getByText("'Year to' can't be before 'Year from'")).toBeVisible();
  });
});

test.describe('layout', () => {
  async function tableFits(page: Page) {
    const container = page.locator('[data-slot=table-container]').first();
    await expect(container).toBeVisible();
    return container.evaluate((el) => el.scrollWidth <= el.clientWidth);
  }

  test('the inventory and Individual Deals tables fit at 1280 px, and scroll with a cue below that', async ({
    adminPage: page,
  }) => {
    for (const path of ['/inventory', '/deals?tab=deals']) {
      await page.goto(path);
      expect(await tableFits(page), path).toBe(true);
      await expect(page.locator('[data-slot=table-scroll-cue]').first()).toHaveAttribute('data-visible', 'false');
    }
    // No phone number is broken in the middle: each contact's number is one line, once the rows have drawn.
    await page.goto('/inventory');
    const phones = page.locator('[data-slot=table-container]').first().locator('[data-slot=table-cell] span.whitespace-nowrap');
    await expect(phones.first()).toBeVisible();
    for (const cell of await phones.all()) {
      const lines = await cell.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      );
      expect(lines, (await cell.textContent()) ?? '').toBe(1);
    }
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/deals?tab=deals');
    expect(await tableFits(page)).toBe(false);
    await expect(page.locator('[data-slot=table-scroll-cue]').first()).toHaveAttribute('data-visible', 'true');
    await expect(page.getByRole('region', { name: 'Table, scrolls sideways' })).toBeVisible();
  });
});

test.describe('view mode', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Desktop View gives the desktop layout at 390 px, and the user menu can change it', async ({ agentPage: page }) => {
    await open(page, '/dashboard');
    await expect(page.getByRole('list', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'View mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Desktop View' }).click();
    await expect(page.getByRole('list', { name: 'Main' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Main' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'View mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Auto Detect' }).click();
    await expect(page.getByRole('list', { name: 'Main' })).toBeHidden();
  });
});

test.describe('an edit screen while someone else saves', () => {
  const cases = [
    {
      area: 'customer',
      create: { name: 'Before Elsewhere' },
      url: (id: string) => `/customers/${id}/edit`,
      api: (id: string) => `/api/customers/${id}`,
      change: (record: Record<string, unknown>) => ({ ...record, name: 'Changed Elsewhere' }),
      field: 'Full Name',
    },
    {
      area: 'deal',
      create: {
        date: `${thisYear}-03-03`,
        manufacturer: 'Audi',
        model: 'A3',
        year: thisYear,
        customer_name: 'Before Elsewhere',
        agent_name: 'x',
        contract_price_cents: 3_000_000,
        broker_fee_cents: 100_000,
      },
      url: (id: string) => `/deals/${id}/edit`,
      api: (id: string) => `/api/deals/${id}`,
      change: (record: Record<string, unknown>) => ({ ...record, model: 'Changed Elsewhere' }),
      field: 'Model',
    },
  ];

  for (const c of cases) {
    test(`keeps what was typed on the ${c.area} edit page when a background refresh brings a newer version`, async ({
      agentPage: page,
    }) => {
      await page.clock.install();
      const created = await post(page, c.api('').replace(/\/$/, ''), c.create);
      await page.goto(c.url(created.id));
      const notes = page.getByLabel('Notes (Optional)');
      await notes.fill('Typed while someone else saved');

      // Someone else saves the record…
      const current = (await (await page.request.get(c.api(created.id))).json()) as Record<string, unknown>;
      const { customer: _c, vehicle: _v, id: _id, user_id: _u, created_at: _t, ...fields } = current;
      const saved = await page.request.put(c.api(created.id), {
        data: c.change(fields),
        headers: { 'x-requested-with': 'torque' },
      });
      expect(saved.status()).toBe(200);
      // …and, a minute later, the tab is looked at again: the screen refreshes in the background.
      await page.clock.fastForward(60_000);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

      await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed this' })).toBeVisible();
      await expect(notes).toHaveValue('Typed while someone else saved');
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByLabel(c.field, { exact: true })).toHaveValue('Changed Elsewhere');
      await expect(notes).toHaveValue('');
    });
  }
});
