import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Journeys run in E2E_WORKERS workers (two by default), each against a server with data of its own: two took the
// journeys from 10.2 to 8.0 minutes on two cores, where one worker leaves a third of the machine idle while it waits
// on the page. E2E_WORKERS=1 runs them one after another. Every journey stands alone (it makes the records it changes,
// and e2e/fixtures.ts fails one that changes the demo's), so the journeys of one file are shared out among the
// workers like any others, and the longest files no longer end the run alone.
// Free ports for the servers and for the signal that all of them are ready (scripts/journey-ports.mjs), unless
// `npm test` gave them; worker processes inherit them through the environment.
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!process.env.E2E_PORTS)
  Object.assign(process.env, JSON.parse(execFileSync(process.execPath, ['scripts/journey-ports.mjs']).toString()));
// Where the e2e server's SMTP peer writes the mail Torque sends, for the journeys to read.
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'torque-e2e-mail-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers,
  // A journey that fails once is a defect to fix (a wait on the wrong thing), not a run to repeat until it passes.
  retries: 0,
  // A journey's whole time: the longest took 48 s in two workers on the slowest machine of the kind.
  timeout: 90_000,
  // A heavy screen's first load, in two workers on the slowest machine of the kind (both cores busy), has taken more
  // than 10 s: the settings screen's 60 modules arrived 4 s after the app and its first figures 6 s later.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // Each journey's own address is its worker's server (e2e/fixtures.ts).
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (npm test installs it): the headless mode Playwright's own Chromium runs tests in.
      // E2E_CHROMIUM=/usr/bin/chromium runs the journeys in the full browser instead.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 860 } } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${process.env.E2E_READY_PORT}/`,
    env: {
      E2E_PORTS: process.env.E2E_PORTS!,
      E2E_READY_PORT: process.env.E2E_READY_PORT!,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
    },
    timeout: 120_000,
    // `npm test` starts the servers while the unit and API tests run, on the ports it gives (E2E_PORTS and
    // E2E_READY_PORT): answering there, they are used. Ports picked above are free, so a run of its own starts them.
    reuseExistingServer: true,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
