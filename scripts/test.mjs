// `npm test`: the static checks (typecheck, lint, format), the unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the browser journeys in Debian's Chromium headless shell, installing it, Dovecot (the
// mailbox tests' IMAP server), poppler-utils (PDFs read back) and libxml2-utils (the feed's XML Schema) first when
// they are missing.
// The static checks run beside the unit and API tests, which leave part of the two cores idle while they wait on
// servers and PostgreSQL; the journeys run after both, alone, as their waits on the page are timed (all three side
// by side took longer in all, and the journeys' waits ran out), against servers started as the run begins. Each
// lane's output is printed whole when it ends, and the run ends with the slowest test files and journeys, each step's
// time, and what failed (and which unit or API tests passed only when run again) with the first lines of its error.
// Journeys are run once: one that fails is named with the journeys that failed, a defect to fix, never run again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildServer } from './build.mjs';
import { journeyPorts } from './journey-ports.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const vitestFileTimes = path.join(reports, 'vitest-files.json');
const playwrightReport = path.join(reports, 'playwright.json');
const started = Date.now();
// The generated-input test draws from this seed on both databases; the same seed draws the same input again.
const fuzzSeed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`Generated input from seed ${fuzzSeed} (FUZZ_SEED=${fuzzSeed} npm test draws it again).`);

const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/**
 * What each step may take on the CI machine (2 cores, PostgreSQL on it), wall and CPU time in seconds: a step over its
 * budget is named at the end, so that the suite's growth is seen the run it happens, not when CI's limit is reached.
 */
const budgets = {
  typecheck: { wall: 180, cpu: 120 },
  lint: { wall: 240, cpu: 240 },
  'format (npm run format fixes it)': { wall: 90, cpu: 90 },
  'unit and API tests': { wall: 540, cpu: 960 },
  'browser journeys': { wall: 420, cpu: 840 },
  'whole run': { wall: 900, cpu: 1800 },
};

/** User and system time of a command and every process it waited for, as bash's `times` reports its children's. */
const cpuOf = (times) => {
  const children = times.trim().split('\n').at(-1) ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60_000 + Number(s) * 1000, 0);
};

/**
 * The time every core of the machine has been busy since it started, in ms (/proc/stat's first line: user, nice,
 * system, irq and softirq, in ticks of 10 ms; not the time the host took away). Over a step that runs alone it is
 * that step's whole cost: its processes that no one waits for (Chromium's renderers, PostgreSQL's backends) escape
 * `times`, and they are most of a journey's.
 */
const machineBusy = () => {
  const [user, nice, system, , , irq, softirq] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq) * 10;
};
const busyAtStart = machineBusy();

/**
 * Runs one command, its output kept for the lane's log; resolves with whether it passed, how long it took and the CPU
 * time it and its processes used (`alone`: the machine's, as nothing else runs beside it).
 */
function run(label, command, args, log, env = {}, { alone = false } = {}) {
  const begun = Date.now();
  const busy = machineBusy();
  return new Promise((resolve) => {
    log.push(`\n=== ${label}\n`);
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&3; exit $status', 'bash', command, ...args], {
      cwd: root,
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let times = '';
    child.stdout.on('data', (chunk) => log.push(chunk.toString()));
    child.stderr.on('data', (chunk) => log.push(chunk.toString()));
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      const step = { label, ok: code === 0, ms: Date.now() - begun, cpu: alone ? machineBusy() - busy : cpuOf(times) };
      console.log(`[${seconds(Date.now() - started)}] ${label}: ${step.ok ? 'ok' : 'FAILED'} in ${seconds(step.ms)}`);
      resolve(step);
    });
  });
}

/**
 * A Debian package the tests need, installed when its program is missing (as root, as CI runs): Chromium's headless
 * shell for the journeys (the old headless mode, which Playwright itself runs headless tests in: the same Blink without
 * the full browser's machinery: the accessibility walk took 5.7 minutes in it where it took 6.5 in the full browser on
 * one machine), and Dovecot, the IMAP server the mailbox tests read mail from.
 */
function ensurePackage(program, pkg, log) {
  if (fs.existsSync(program)) return true;
  if (process.getuid?.() !== 0) {
    log.push(`${program} is missing: install Debian's "${pkg}" package (sudo apt-get install -y ${pkg}).\n`);
    return false;
  }
  const install = (args) =>
    spawnSync('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, encoding: 'utf8' });
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', pkg],
  ]) {
    const result = install(args);
    log.push(result.stdout ?? '', result.stderr ?? '');
    if (result.status !== 0) return false;
  }
  return true;
}

/** A lane's steps one after another, each run whatever the one before did, so one run reports every failure. */
async function lane(name, steps) {
  const log = [];
  const done = [];
  for (const step of steps) done.push(...[await step(log)].flat());
  process.stdout.write(`\n##### ${name}\n${log.join('')}`);
  return done;
}

/**
 * The journeys' servers (scripts/e2e-server.mjs: the web app built, and a server with demo data per journey worker),
 * started as the run begins: their ~20 s of start-up then overlaps the other lanes instead of delaying the first
 * journey. Playwright finds them answering on the ports it is given (playwright.config.ts) and uses them.
 */
async function startJourneyServers(log) {
  const env = {
    ...(await journeyPorts()),
    E2E_MAIL_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'torque-e2e-mail-')),
  };
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], { cwd: root, env: { ...process.env, ...env } });
  child.stdout.on('data', (chunk) => log.push(chunk.toString()));
  child.stderr.on('data', (chunk) => log.push(chunk.toString()));
  let gone = false;
  const exited = new Promise((resolve) => child.on('exit', resolve)).then(() => (gone = true));
  // Ready, or gone (a failed build): then Playwright starts the servers itself and reports what fails.
  const ready = (async () => {
    while (!gone) {
      const ok = await fetch(`http://127.0.0.1:${env.E2E_READY_PORT}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  })();
  return {
    env,
    ready,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The server bundle, built once for the run before the lanes start: the unit and API tests that start a server in a
 * process of its own run it (TORQUE_TEST_SERVER), and so do the journeys' servers (E2E_SERVER_BUNDLE). Each built its
 * own, the two at once as the run began (one build took 9 to 11 s on a busy machine of the kind). A build that fails
 * leaves each to build, and fail, itself.
 */
async function buildServerOnce() {
  const begun = Date.now();
  const dir = path.join(root, 'dist', `test-server-${process.pid}`);
  try {
    await buildServer(dir);
  } catch (error) {
    console.log(`[${seconds(Date.now() - started)}] server bundle: FAILED (${error.message})`);
    return {};
  }
  console.log(`[${seconds(Date.now() - started)}] server bundle: ok in ${seconds(Date.now() - begun)}`);
  const bundle = path.join(dir, 'main.js');
  return { bundle, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
const server = await buildServerOnce();
if (server.bundle) Object.assign(process.env, { TORQUE_TEST_SERVER: server.bundle, E2E_SERVER_BUNDLE: server.bundle });

const journeyLog = [];
const journeyServers = await startJourneyServers(journeyLog);

const [staticChecks, unitAndApiTests, browserJourneys] = [
  // The type checker and the linter each use one core: side by side, they take the time of the longer.
  () =>
    lane('static checks', [
      async (log) => {
        const lint = [];
        const [typecheck, linted] = await Promise.all([
          run('typecheck', 'npm', ['run', '--silent', 'typecheck'], log),
          run('lint', bin('eslint'), ['.', '--max-warnings=0'], lint),
        ]);
        log.push(...lint);
        return [typecheck, linted];
      },
      (log) => run('format (npm run format fixes it)', bin('prettier'), ['--check', '.', '--log-level=warn'], log),
    ]),
  () =>
    lane('unit and API tests', [
      (log) =>
        // Dovecot for the mailboxes; poppler's pdftotext and pdftoppm read the PDFs Torque prints, as a person would see
        // them; libxml2's xmllint checks the XML listing feed against its schema.
        [
          ['/usr/sbin/dovecot', 'dovecot-imapd'],
          ['/usr/bin/pdftoppm', 'poppler-utils'],
          ['/usr/bin/xmllint', 'libxml2-utils'],
        ].every(([program, pkg]) => ensurePackage(program, pkg, log))
          ? run(
              'unit and API tests',
              bin('vitest'),
              [
                'run',
                // A test that fails is run once more: both cores are busy throughout, and a wait that ran out under that
                // load is told apart from a real failure, which fails twice. Those that passed only the second time are
                // named at the end.
                '--retry=1',
                '--reporter=default',
                '--reporter=json',
                `--outputFile.json=${vitestReport}`,
                '--reporter=./tests/helpers/file-times.ts',
              ],
              log,
              { VITEST_FILE_TIMES: vitestFileTimes, FUZZ_SEED: fuzzSeed },
            )
          : { label: 'unit and API tests', ok: false, ms: 0, cpu: 0 },
    ]),
  () =>
    lane('browser journeys', [
      async (log) => {
        log.push(...journeyLog.splice(0));
        const journeys = ensurePackage('/usr/bin/chromium-headless-shell', 'chromium-headless-shell', log)
          ? await run(
              'browser journeys',
              bin('playwright'),
              ['test', '--reporter=list,json'],
              log,
              {
                ...((await journeyServers.ready) ? journeyServers.env : {}),
                PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
                PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
              },
              { alone: true },
            )
          : { label: 'browser journeys', ok: false, ms: 0, cpu: 0 };
        await journeyServers.stop();
        log.push(...journeyLog.splice(0));
        return journeys;
      },
    ]),
];
const steps = (await Promise.all([staticChecks(), unitAndApiTests()])).flat();
steps.push(...(await browserJourneys()));

/**
 * From Vitest's and Playwright's reports: each test file's and journey's time, slowest first, the counts, the tests that
 * failed or passed only when run again, and the journeys that failed.
 */
function fromReports() {
  const files = [];
  const journeys = [];
  const failures = [];
  const flaky = [];
  const failedJourneys = [];
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(vitestReport)) {
    const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.testResults ?? []) {
      const file = path.relative(root, result.name);
      for (const test of result.assertionResults ?? [])
        if (test.status === 'failed') failures.push({ name: `${file}: ${test.fullName}`, error: test.failureMessages?.[0] });
        else if (test.status === 'passed' && test.failureMessages?.length)
          flaky.push({ name: `${file}: ${test.fullName}`, error: test.failureMessages[0] });
      // A file that failed before its tests ran (an import or a hook) has no failed test of its own.
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push({ name: file, error: result.message });
    }
  }
  if (fs.existsSync(vitestFileTimes)) {
    for (const { project, file, ms } of JSON.parse(fs.readFileSync(vitestFileTimes, 'utf8')))
      files.push({ name: `${path.relative(root, file)} (${project})`, ms });
  }
  if (fs.existsSync(playwrightReport)) {
    const { stats, suites } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
    passed += stats.expected;
    failed += stats.unexpected;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        const results = spec.tests.flatMap((t) => t.results);
        const ms = results.reduce((sum, r) => sum + r.duration, 0);
        const name = `${file ?? suite.file}: ${spec.title}`;
        journeys.push({ name, ms });
        if (!spec.ok) failedJourneys.push({ name, error: results.find((r) => r.error)?.error?.message });
      }
      for (const inner of suite.suites ?? []) walk(inner, file ?? suite.file);
    };
    for (const suite of suites) walk(suite);
  }
  const top = (list) => list.sort((a, b) => b.ms - a.ms).slice(0, 10);
  return { files: top(files), journeys: top(journeys), failures, flaky, failedJourneys, passed, failed };
}

const { files, journeys, failures, flaky, failedJourneys, passed, failed: failedTests } = fromReports();
fs.rmSync(reports, { recursive: true, force: true });
server.remove?.();
console.log('\nSlowest test files:');
for (const file of files) console.log(`  ${seconds(file.ms).padStart(6)}  ${file.name}`);
console.log('Slowest journeys:');
for (const journey of journeys) console.log(`  ${seconds(journey.ms).padStart(6)}  ${journey.name}`);
// The whole run's CPU is the machine's: PostgreSQL's and Chromium's processes included.
steps.push({ label: 'whole run', ok: true, ms: Date.now() - started, cpu: machineBusy() - busyAtStart });
console.log('\nSteps (wall and CPU time, against the budget of each):');
const overBudget = [];
for (const step of steps) {
  const budget = budgets[step.label];
  const over = budget && (step.ms > budget.wall * 1000 || step.cpu > budget.cpu * 1000);
  if (over) overBudget.push(step.label);
  console.log(
    `  ${seconds(step.ms).padStart(6)} of ${budget ? seconds(budget.wall * 1000).padStart(6) : '     -'} wall, ` +
      `${seconds(step.cpu).padStart(6)} of ${budget ? seconds(budget.cpu * 1000).padStart(6) : '     -'} CPU  ` +
      `${step.label} ${step.ok ? 'ok' : 'FAILED'}${over ? ', OVER BUDGET' : ''}`,
  );
}
if (overBudget.length) console.log(`Over budget: ${overBudget.join(', ')} (budgets in scripts/test.mjs and CONTRIBUTING.md).`);
/** Each test's name and its error's first lines, so that the end of a long run's output says what failed and why. */
function list(title, tests) {
  if (tests.length) console.log(`\n${title}`);
  for (const { name, error } of tests) {
    console.log(`  ${name}`);
    const lines = stripVTControlCharacters(error ?? '').split('\n');
    for (const line of lines.filter((l) => l.trim()).slice(0, 6)) console.log(`      ${line}`);
  }
}
list('Passed only when run again (each in full in its lane above):', flaky);
list('Failed (each in full in its lane above):', failures);
list(
  `Journeys that failed: ${failedJourneys.length} (each in full in its lane above; a journey that passes when run again is a defect as well):`,
  failedJourneys,
);
const failedSteps = steps.filter((step) => !step.ok);
const failed = failedSteps.length && failedTests === 0 ? failedSteps.length : failedTests;
console.log(`Tests: ${passed} passed, ${failed} failed, in ${seconds(Date.now() - started)}`);
process.exit(failedSteps.length ? 1 : 0);
