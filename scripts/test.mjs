// `npm test`: typecheck, lint, format, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then
// the browser journeys in Debian's Chromium, installing it first when it is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-test-'));

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install Debian\'s "chromium" package (sudo apt-get install -y chromium).');
    return false;
  }
  console.log("Installing Debian's chromium package for the browser tests...");
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
}

const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const steps = [];
steps.push(['typecheck', run('typecheck', 'npm', ['run', '--silent', 'typecheck'])]);
steps.push(['lint', run('lint', bin('eslint'), ['.', '--max-warnings=0'])]);
steps.push(['format', run('format (npm run format fixes it)', bin('prettier'), ['--check', '.', '--log-level=warn'])]);
steps.push([
  'vitest',
  run('unit and API tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
]);
const chromium = ensureChromium();
steps.push([
  'playwright',
  chromium &&
    run('browser journeys', bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    }),
]);

let passed = 0;
let failed = 0;
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (fs.existsSync(playwrightReport)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
fs.rmSync(reports, { recursive: true, force: true });

const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`\nSteps: ${steps.map(([name, ok]) => `${name} ${ok ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
