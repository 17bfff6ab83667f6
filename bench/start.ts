// npm run bench:start — time from `npm start`'s command to /api/health answering, on a new data folder and on an
// existing one (median of 5 each), with the demo seed on as `npm start` has it. Builds first, untimed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('Torque did not start within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"], {
  cwd: root,
  stdio: 'inherit',
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-start-'));
const first: number[] = [];
const restart: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = path.join(work, `run-${i}`);
  first.push(await timeStart(dataDir));
  restart.push(await timeStart(dataDir));
}
fs.rmSync(work, { recursive: true, force: true });
console.log(
  `first start (new data folder, demo seed): median ${Math.round(median(first))} ms  [${first.map(Math.round).join(', ')}]`,
);
console.log(
  `restart (existing data folder):          median ${Math.round(median(restart))} ms  [${restart.map(Math.round).join(', ')}]`,
);
