// npm run bench:browser — what a user waits for in the browser, read from the built app's own performance entries in
// Debian's Chromium: the JavaScript the sign-in route loads (gzipped), and, after a fresh navigation, when the
// dashboard's data arrived and when it was shown (median of 5). Builds first, untimed; the demo data on a new data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServerProcess } from './lib.js';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"], {
  cwd: root,
  stdio: 'inherit',
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-browser-'));
const server = await startServerProcess({ DATA_DIR: dataDir, DEMO: '1' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();

  await page.goto('/');
  await page.getByRole('button', { name: 'Admin Demo' }).waitFor();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  let gzipped = 0;
  for (const url of scripts) gzipped += zlib.gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
  console.log(`sign-in route: ${scripts.length} JavaScript files, ${(gzipped / 1024).toFixed(1)} KB gzip`);

  await page.getByRole('button', { name: 'Admin Demo' }).click();
  await page.waitForURL(/\/dashboard$/);
  const arrived: number[] = [];
  const shown: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/dashboard');
    // The moment, on the page's clock (0 = the navigation began), the first stat card with data was in the document.
    const handle = await page.waitForFunction(
      () => (document.body.innerText.includes('Broker Fees This Month') ? performance.now() : null),
      null,
      { polling: 'raf' },
    );
    shown.push((await handle.jsonValue()) as number);
    arrived.push(
      await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return entries.find((entry) => new URL(entry.name).pathname === '/api/dashboard')?.responseEnd ?? Number.NaN;
      }),
    );
  }
  console.log(
    `dashboard after a fresh navigation (median of ${RUNS}): /api/dashboard answered at ${Math.round(median(arrived))} ms, ` +
      `data shown at ${Math.round(median(shown))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
