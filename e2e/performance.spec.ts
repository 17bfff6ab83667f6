import zlib from 'node:zlib';
import { expect, signIn, test } from './fixtures';

// What a user waits for, read from the browser's own performance entries on the built app and printed with the
// results (bench/README.md keeps the figures). Nothing here is timed against a limit.

test('the sign-in route: the JavaScript it loads, gzipped', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Admin Demo' })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  expect(scripts.length).toBeGreaterThan(0);
  let gzipped = 0;
  for (const url of scripts) {
    const body = await (await page.request.get(url)).body();
    gzipped += zlib.gzipSync(body, { level: 9 }).length;
  }
  const kb = (gzipped / 1024).toFixed(1);
  test.info().annotations.push({ type: 'sign-in JavaScript', description: `${scripts.length} files, ${kb} KB gzip` });
  console.log(`sign-in route: ${scripts.length} JavaScript files, ${kb} KB gzip`);
});

test('the dashboard after a fresh navigation: when its data arrived and when it was shown', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard');
  // The moment, on the page's clock (0 = the navigation began), the first stat card with data was in the document.
  const shown = await page.waitForFunction(
    () => (document.body.innerText.includes('Broker Fees This Month') ? performance.now() : null),
    null,
    { polling: 'raf' },
  );
  const shownAt = (await shown.jsonValue()) as number;
  const arrivedAt = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return entries.find((entry) => new URL(entry.name).pathname === '/api/dashboard')?.responseEnd ?? null;
  });
  expect(arrivedAt).not.toBeNull();
  expect(shownAt).toBeGreaterThanOrEqual(arrivedAt!);
  const ms = (value: number) => `${Math.round(value)} ms`;
  test.info().annotations.push({ type: 'dashboard', description: `data ${ms(arrivedAt!)}, shown ${ms(shownAt)}` });
  console.log(`dashboard after navigation: /api/dashboard answered at ${ms(arrivedAt!)}, data shown at ${ms(shownAt)}`);
});
