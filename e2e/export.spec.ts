import fs from 'node:fs';
import { csvRecords, readZip } from '../tests/helpers/zip';
import { expect, open, test } from './fixtures';

test("'Download everything' gives an admin every table, readable files and documents, the manifest last", async ({
  adminPage: page,
}) => {
  await open(page, '/settings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download everything' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^torque-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Download Started')).toBeVisible();
  const entries = await readZip(fs.readFileSync((await download.path())!));
  expect(entries.at(-1)!.name).toBe('manifest.json');
  const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8')) as {
    scope: string;
    tables: Record<string, { rows: number }>;
    readable: { files: Record<string, { rows: number; columns: string[]; csv: string }> };
  };
  expect(manifest.scope).toBe('everything');
  expect(manifest.tables.customers!.rows).toBeGreaterThan(0);
  expect(entries.map((e) => e.name)).toContain('tables/customers.csv');
  const deals = manifest.readable.files.deals!;
  const [header, ...rows] = csvRecords(entries.find((e) => e.name === deals.csv)!.data.toString('utf8'));
  expect(header).toEqual(deals.columns);
  expect(rows.length).toBe(manifest.tables.deals!.rows);
  expect(rows[0]![header!.indexOf('Contract Price')]).toMatch(/^\d+\.\d{2}$/);
  expect(['Pending', 'In Progress', 'Completed', 'Cancelled']).toContain(rows[0]![header!.indexOf('Status')]);
});

test("an agent's 'Download my data' that cannot start says so in a toast", async ({ agentPage: page }) => {
  await open(page, '/settings');
  await page.route('**/api/export', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', message: 'You already have exports running.' } }),
    }),
  );
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText('Export failed')).toBeVisible();
});
