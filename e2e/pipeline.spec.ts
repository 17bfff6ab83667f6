import { expect, signIn, test } from './fixtures';

test('a customer moved along the pipeline counts in the analytics funnel, whose figure lists exactly its customers', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // A customer who came in as a lead this week: the demo's Harper Quinn.
  await page.goto('/customers?q=Harper%20Quinn');
  await page.getByRole('link', { name: 'Harper Quinn' }).first().click();
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
  await expect(page.getByRole('link', { name: 'Harper Quinn' }).first()).toBeVisible();
});
