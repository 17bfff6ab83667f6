// The production web build, shared by `npm start` and the browser journeys' server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `vite build`, into `outDir` when given (else Vite's own, dist/web); a failed build ends this process. */
export function buildWeb(outDir) {
  const args = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir);
  const build = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
