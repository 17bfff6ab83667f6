// The server the browser journeys run against: a fresh data folder with demo data and its own web build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-e2e-'));
const webRoot = path.join(work, 'web');

buildWeb(webRoot);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.join(work, 'data'), WEB_ROOT: webRoot, DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
});
const cleanUp = () => fs.rmSync(work, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
