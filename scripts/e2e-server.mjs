// The servers the browser journeys run against: the same bundled server `npm start` runs, with its own web build,
// one per journey worker, each with a fresh data folder with demo data. `npm test` builds the server once for the run
// and names its bundle in E2E_SERVER_BUNDLE; run alone, this builds its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildServer, buildWeb } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(os.tmpdir(), `torque-e2e-${process.pid}`);
const webRoot = path.join(work, 'web');
// Inside the project, so the bundle finds node_modules.
const serverDir = path.join(root, 'dist', `e2e-server-${process.pid}`);
const given = process.env.E2E_SERVER_BUNDLE;

// The test runner may end this process too hard for it to clean up: sweep what runs that are gone left behind.
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
for (const [dir, prefix] of [
  [os.tmpdir(), 'torque-e2e-'],
  [path.join(root, 'dist'), 'e2e-server-'],
]) {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && pid && !alive(pid)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}
fs.mkdirSync(work, { recursive: true });

buildWeb(webRoot);
if (!given) await buildServer(serverDir);
const serverMain = given ?? path.join(serverDir, 'main.js');

// A real SMTP server for Torque's mail: each message it accepts is written to E2E_MAIL_DIR as JSON for the journeys.
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(work, 'mail');
fs.mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const file = path.join(mailDir, `${String(++mailCount).padStart(5, '0')}.json`);
        const to = session.envelope.rcptTo.map((r) => r.address);
        fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
        callback();
      },
      (error) => callback(error),
    );
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

// One server per journey worker, each on its own port (E2E_PORTS) with a data folder of its own, so that a worker's
// journeys see only the records they and the demo made. Once every one answers, the readiness port (E2E_READY_PORT)
// answers too: the test runner waits for that one.
const ports = (process.env.E2E_PORTS ?? process.env.PORT ?? '3000').split(',');
const servers = ports.map((port, i) =>
  spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: path.join(work, `data-${i}`),
      WEB_ROOT: webRoot,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SMTP_URL: smtpUrl,
    },
  }),
);
const cleanUp = () => [work, serverDir, mailDir].forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => servers.forEach((server) => server.kill(signal)));
let running = servers.length;
let exitCode = 0;
for (const server of servers) {
  server.on('exit', (code) => {
    exitCode ||= code ?? 0;
    // One server gone ends the run's servers: the others are stopped, and this process ends when the last has.
    for (const other of servers) if (other.exitCode === null && other.signalCode === null) other.kill('SIGTERM');
    if (--running > 0) return;
    smtp.close();
    ready?.close();
    cleanUp();
    process.exit(exitCode);
  });
}

/** Resolves once the server on `port` answers its health check. */
async function answering(port) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
let ready;
if (process.env.E2E_READY_PORT) {
  await Promise.all(ports.map(answering));
  ready = http.createServer((request, response) => response.end('ready'));
  ready.listen(Number(process.env.E2E_READY_PORT), '127.0.0.1');
}
