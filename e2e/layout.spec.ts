import { expect, screens, signIn, test } from './fixtures';

test('every screen fits a phone (390 px) without scrolling sideways', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  const overflowing: string[] = [];
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Loaded: no loading words left.
    await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) overflowing.push(`${screen}: ${overflow}px`);
  }
  expect(overflowing).toEqual([]);
});
