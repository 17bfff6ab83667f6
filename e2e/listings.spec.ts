import { axe, expect, open, test, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a used vehicle's Buyers Guide is completed, printed in English and Spanish, and its flag leaves the inventory", async ({
    adminPage: page,
  }) => {
    const model = unique('Tacoma');
    const created = await page.request.post('/api/vehicles', {
      headers: HEADERS,
      data: { make: 'Toyota', model, year: 2018, mileage: 61_000, price_cents: 2_750_000, vin: '3TMCZ5AN2JM123456' },
    });
    expect(created.status()).toBe(201);
    const vehicle = (await created.json()) as { id: string };

    // The inventory flags a used vehicle for sale without a guide.
    await page.goto(`/inventory?q=${encodeURIComponent(model)}`);
    const card = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').filter({ hasText: model });
    await expect(card.getByText('No Buyers Guide')).toBeVisible();

    await card.getByRole('link', { name: `2018 Toyota ${model}`, exact: true }).click();
    const guide = page.locator('[data-slot="card"]').filter({ has: page.getByText('Buyers Guide', { exact: true }) });
    await expect(guide.getByText('Not completed: the vehicle is not shown for sale until it is.')).toBeVisible();
    await expect(guide.getByText('Print Buyers Guide')).toBeVisible();

    await guide.getByRole('radio', { name: 'Limited warranty' }).click();
    await guide.getByRole('button', { name: 'Save Buyers Guide' }).click();
    await expect(guide.getByText('Enter a percentage from 0 to 100').first()).toBeVisible();
    await expect(guide.getByText('Name the systems the warranty covers')).toBeVisible();
    await guide.getByLabel('Dealer pays, labor (%)').fill('50');
    await guide.getByLabel('Dealer pays, parts (%)').fill('100');
    await guide.getByLabel('Systems covered').fill('Engine, transmission and drive axle');
    await guide.getByLabel('Duration').fill('30 days or 1,000 miles, whichever comes first');
    await guide.getByLabel('A service contract is available').click();
    await guide.getByLabel('For complaints after sale, contact (Optional)').fill('Sam Lee, Service Manager');
    await guide.getByRole('button', { name: 'Save Buyers Guide' }).click();
    await expect(page.getByText('Buyers Guide saved', { exact: true })).toBeVisible();
    await expect(guide.getByText(/Completed by Alex Morgan/)).toBeVisible();

    // Printing opens the guide's PDF in a tab of its own; the Spanish one for a sale in Spanish.
    for (const name of ['Print Buyers Guide', 'Guía en español']) {
      const link = guide.getByRole('link', { name });
      const href = (await link.getAttribute('href'))!;
      const pdf = await page.request.get(href);
      expect(pdf.status(), name).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(href).toContain(`/api/vehicles/${vehicle.id}/buyers-guide.pdf`);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    await page.goto(`/inventory?q=${encodeURIComponent(model)}`);
    await expect(card).toBeVisible();
    await expect(card.getByText('No Buyers Guide')).toHaveCount(0);
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test('the public page of a vehicle shows its VIN on one line', async ({ adminPage: page, browser, baseURL }) => {
    // Wide letters throughout: the VIN that takes the most room.
    const vin = 'WMWMWMWM7MWMWMWMW';
    const created = await page.request.post('/api/vehicles', {
      headers: HEADERS,
      data: { make: 'MINI', model: unique('Countryman'), year: 2021, condition: 'new', mileage: 12, price_cents: 3_100_000, vin },
    });
    expect(created.status()).toBe(201);
    const vehicle = (await created.json()) as { public_key: string };

    const outside = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const visitor = await outside.newPage();
    await visitor.goto(`${baseURL}/cars/${vehicle.public_key}`);
    const value = visitor.locator('dd', { hasText: vin });
    await expect(value).toHaveText(vin);
    // One line: the text's boxes are one, as tall as the Year beside it, and nothing of the page scrolls sideways.
    const lines = await value.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    const vinBox = (await value.boundingBox())!;
    const yearBox = (await visitor.locator('dd', { hasText: /^2021$/ }).boundingBox())!;
    expect(vinBox.height).toBe(yearBox.height);
    expect(vinBox.x + vinBox.width).toBeLessThanOrEqual(390);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await outside.close();
  });
});

test('a listing feed is added, read by a marketplace, and a visitor to the public page becomes a lead', async ({
  adminPage: page,
  browser,
}) => {
  const model = unique('Bronco');
  const created = await page.request.post('/api/vehicles', {
    headers: HEADERS,
    data: {
      make: 'Ford',
      model,
      year: 2022,
      condition: 'new',
      mileage: 18_500,
      price_cents: 4_250_000,
      color: 'Cactus Gray',
      features: ['4x4'],
    },
  });
  expect(created.status()).toBe(201);
  const vehicle = (await created.json()) as { id: string; public_key: string };

  await page.goto('/settings');
  const feeds = page.locator('[data-slot="card"]').filter({ has: page.getByText('Listing Feeds', { exact: true }) });
  const name = unique('CarMarket');
  await feeds.getByLabel('Feed name').fill(name);
  await feeds.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText('Listing feed added', { exact: true })).toBeVisible();
  const jsonAddress = (await feeds.getByTestId('feed-url-json').textContent())!;
  await feeds.getByRole('button', { name: 'Done' }).click();
  await expect(feeds.getByTestId('feed-url-json')).toHaveCount(0);
  await expect(feeds.getByText(name)).toBeVisible();

  // The marketplace reads the feed with no session at all.
  const outside = await browser.newContext();
  const read = await outside.request.get(jsonAddress);
  expect(read.status()).toBe(200);
  const listed = ((await read.json()) as { vehicles: { id: string; model: string; url: string }[] }).vehicles.find(
    (v) => v.id === vehicle.public_key,
  );
  expect(listed?.model).toBe(model);

  // From the vehicle's page, the staff open its public page; a visitor asks about the car there.
  await page.goto(`/inventory/${vehicle.id}`);
  const listing = page.locator('[data-slot="card"]').filter({ has: page.getByText('Online listing', { exact: true }) });
  await expect(listing.getByText('Listed', { exact: true })).toBeVisible();
  const publicUrl = (await listing.getByTestId('public-page-url').textContent())!;
  expect(publicUrl).toBe(listed!.url);
  const sticker = await page.request.get(
    (await listing.getByRole('link', { name: 'Print window sticker' }).getAttribute('href'))!,
  );
  expect(sticker.headers()['content-type']).toBe('application/pdf');

  const visitor = await outside.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: `2022 Ford ${model}` })).toBeVisible();
  await expect(visitor.getByText('$42,500')).toBeVisible();
  expect((await axe(visitor).analyze()).violations).toEqual([]);
  await visitor.getByLabel('Full Name').fill('Riley Visitor');
  await visitor.getByLabel('Email').fill(`riley.${Date.now()}@example.com`);
  await visitor.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByText(`has your message about this 2022 Ford ${model}`)).toBeVisible();
  await visitor.emulateMedia({ colorScheme: 'dark' });
  expect((await axe(visitor).analyze()).violations).toEqual([]);
  await outside.close();

  await page.goto('/leads');
  const lead = page.getByText('Riley Visitor').first();
  await expect(lead).toBeVisible();
  await expect(page.getByText('Vehicle page').first()).toBeVisible();
});

test('a used car one agent adds stays off its public page, for the public and a colleague alike, until an admin completes its Buyers Guide', async ({
  agentPage: page,
  adminPage: admin,
  browser,
}) => {
  // Agent A adds a used car, listed online as the form has it, and lands on its page.
  await open(page, '/inventory/new');
  const model = unique('RAV4');
  await page.getByLabel('Make').fill('Toyota');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Mileage').fill('52000');
  await page.getByLabel('Price ($)').fill('21900');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Vehicle added to inventory successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/inventory\/[0-9a-f-]{36}$/);
  const vehiclePath = new URL(page.url()).pathname;
  const listing = page.locator('[data-slot="card"]').filter({ has: page.getByText('Online listing', { exact: true }) });
  await expect(listing.getByText('Not shown', { exact: true })).toBeVisible();
  await expect(listing.getByText(/Not shown for sale until its Buyers Guide is completed/)).toBeVisible();
  const publicUrl = (await listing.getByTestId('public-page-url').textContent())!;

  // Agent B, a colleague with an account of their own, opens the link to send it to a customer: not found yet.
  const email = `${unique('colleague').replace(/\W+/g, '.')}@example.com`;
  const invited = await admin.request.post('/api/team/invitations', {
    data: { email, role: 'agent', send: false },
    headers: HEADERS,
  });
  expect(invited.status()).toBe(201);
  const token = new URL(((await invited.json()) as { link: string }).link).pathname.split('/invite/')[1];
  const colleague = await browser.newContext();
  const accepted = await colleague.request.post('/api/invitations/accept', {
    data: { token, name: 'Ben Colleague', password: 'quiet harbour lights' },
    headers: HEADERS,
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const agentB = await colleague.newPage();
  await agentB.goto('/dashboard');
  await expect(agentB.getByText('Ben Colleague')).toBeVisible();
  expect((await agentB.goto(publicUrl))!.status()).toBe(404);
  const outside = await browser.newContext();
  expect((await outside.request.get(publicUrl)).status()).toBe(404);

  // The admin sees why in the inventory and in Settings, and completes the guide.
  await admin.goto('/settings');
  const feeds = admin.locator('[data-slot="card"]').filter({ has: admin.getByText('Listing Feeds', { exact: true }) });
  await expect(feeds.getByTestId('feeds-held-for-guide')).toContainText(/held back until/, { timeout: 30_000 });
  await admin.goto(vehiclePath);
  const guide = admin.locator('[data-slot="card"]').filter({ has: admin.getByText('Buyers Guide', { exact: true }) });
  await expect(guide.getByText('Not completed: the vehicle is not shown for sale until it is.')).toBeVisible();
  await guide.getByRole('button', { name: 'Save Buyers Guide' }).click();
  await expect(admin.getByText('Buyers Guide saved', { exact: true })).toBeVisible();
  const adminListing = admin.locator('[data-slot="card"]').filter({ has: admin.getByText('Online listing', { exact: true }) });
  await expect(adminListing.getByText('Listed', { exact: true })).toBeVisible();

  // With no other step, the colleague's link shows the car.
  await agentB.goto(publicUrl);
  await expect(agentB.getByRole('heading', { level: 1, name: `2019 Toyota ${model}` })).toBeVisible();
  expect((await outside.request.get(publicUrl)).status()).toBe(200);
  await outside.close();
  await colleague.close();

  // Agent A's vehicle page says it is listed now.
  await page.goto(vehiclePath);
  await expect(listing.getByText('Listed', { exact: true })).toBeVisible();
  await expect(listing.getByText('On its public page and in the listing feeds.')).toBeVisible();
});
