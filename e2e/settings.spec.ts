import fs from 'node:fs';
import { expect, open, test, unique } from './fixtures';

test('an admin saves the settings, they persist, and Reset to Defaults brings back the defaults', async ({ adminPage: page }) => {
  // The settings are the whole company's: what the demo has (the defaults need not be all of it) is put back after.
  const before = await (await page.request.get('/api/settings')).json();
  try {
    await open(page, '/settings');
    const name = page.getByLabel('Company Name');
    await expect(name).toHaveValue('Torque Auto Brokerage');

    const company = unique('Lone Star Motors');
    await name.fill(company);
    await page.getByLabel('Default commission (%)').fill('101');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('Commission rate must be between 0 and 100')).toBeVisible();
    await page.getByLabel('Default commission (%)').fill('3.25');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue(company);
    await expect(page.getByLabel('Default commission (%)')).toHaveValue('3.25');

    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(page.getByLabel('Company Name')).toHaveValue('Torque Auto Brokerage');
    await expect(page.getByLabel('Default commission (%)')).toHaveValue('2.5');
    await expect(page.getByLabel('Pipeline stages')).toHaveValue('Lead\nQualified\nTest Drive\nNegotiation\nClosed');
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue('Torque Auto Brokerage');
  } finally {
    const restored = await page.request.put('/api/settings', { data: before, headers: { 'x-requested-with': 'torque' } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('an agent reads the settings without changing them', async ({ agentPage: page }) => {
  await open(page, '/settings');
  await expect(page.getByText('Only admins can change settings.')).toBeVisible();
  await expect(page.getByLabel('Company Name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save All Changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
});

test("'Download backup' gives an admin one archive of the database and documents", async ({ adminPage: page }) => {
  await open(page, '/settings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^torque-backup-.*\.tar\.gz$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect(bytes.length).toBeGreaterThan(10_000);
});

test('the mail outbox lists what Torque sent, and an admin reads a message', async ({ adminPage: page }) => {
  const email = `${unique('outbox').replace(/\W+/g, '.')}@example.com`;
  const invited = await page.request.post('/api/team/invitations', {
    data: { email, role: 'agent', send: true },
    headers: { 'x-requested-with': 'torque' },
  });
  expect(invited.status()).toBe(201);
  // Delivered by the job queue to the e2e server's SMTP peer within a few seconds.
  await expect
    .poll(async () => {
      const page1 = (await (await page.request.get('/api/outbox')).json()) as { items: { to: string; status: string }[] };
      return page1.items.find((item) => item.to === email)?.status;
    })
    .toBe('sent');
  await page.goto('/settings');
  const row = page.getByRole('list', { name: 'Mail Outbox' }).getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Read/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/invited you to join/)).toBeVisible();
  await expect(dialog.getByText(/\/invite\/[\w-]{20,}/)).toBeVisible();
});
