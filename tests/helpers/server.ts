import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The real server in a process of its own, as `npm start` runs it. */
export type Server = { child: ChildProcess; url: string; /** Everything it has printed so far. */ output: () => string };

/**
 * Starts the server on a free port of this machine with `env`, once it says it is ready. `from` is the checkout to run:
 * this one by default, as the bundle `npm start` runs (built once per run by the global setup), or another release's
 * own bundle, `dist/server/main.js` as its `npm start` built it (the upgrade test builds it when it installs the release).
 */
export async function startServer(env: Record<string, string>, from = root): Promise<Server> {
  const bundle = from === root ? process.env.TORQUE_TEST_SERVER : path.join(from, 'dist/server/main.js');
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join(from, 'src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: from,
    env: { ...process.env, LOG_LEVEL: 'info', DEMO: '0', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const ready = /Torque is ready at http:\/\/localhost:(\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${ready[1]}`);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** Stops a server with `signal` (SIGTERM: it finishes what it is doing; SIGKILL: it is gone at once). */
export async function stopServer(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
