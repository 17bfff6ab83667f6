// `npm run dev`: the API with restart on change (port 3000) and Vite with hot reload (port 5173) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args, env = {}) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const api = run(['--import', 'tsx', '--watch', 'src/server/main.ts']);
const web = run([path.join(root, 'node_modules/vite/bin/vite.js')]);
const stop = () => [api, web].forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, web])
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
