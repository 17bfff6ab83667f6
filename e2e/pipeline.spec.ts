import { expect, open, test, unique } from './fixtures';

test('a customer moved along the pipeline counts in the analytics funnel, whose figure lists exactly its customers', async ({
  adminPage: page,
}) => {
  // A customer who came in as a lead today: the journey's own, so no other journey moves them.
  const name = unique('Harper Quinn');
  const created = await page.request.post('/api/customers', { data: { name }, headers: { 'x-requested-with': 'torque' } });
  expect(created.status(), await created.text()).toBe(201);
  await open(page, `/customers/${((await created.json()) as { id: string }).id}`);
  const stage = page.getByRole('combobox', { name: 'Pipeline Stage' });
  await expect(stage).toHaveText('Lead');
  await stage.click();
  await page.getByRole('option', { name: 'Test Drive' }).click();
  await expect(page.getByText('Pipeline stage saved')).toBeVisible();
  await expect(page.getByText('Moved to Test Drive in the pipeline')).toBeVisible();

  await page.goto('/analytics');
  const figure = page.getByRole('link', { name: /^Test Drive: \d+ customers$/ });
  const count = Number(/(\d+) customers$/.exec((await figure.getAttribute('aria-label'))!)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await figure.click();
  await expect(page).toHaveURL(/\/customers\?.*stage_from=Test\+Drive/);
  const total = page.getByText('Total Customers').first().locator('xpath=following-sibling::p[1]');
  await expect(total).toHaveText(String(count));
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});
