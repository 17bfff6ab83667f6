import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { withDatabase } from '../helpers/databases.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';

/**
 * The earlier releases an upgrade starts from, and the data each one writes as its users do. The newest release in
 * .ci/upgrade-from is installed and run as it is; every earlier one is kept as a snapshot of what it wrote
 * (tests/upgrade/snapshots/<version>.tar.gz, made by `npm run release:snapshot -- <commit>`), so that a new release
 * adds a restore and a start to the upgrade test, not an install, a build and a run.
 */

export const root = path.resolve(import.meta.dirname, '../..');
export const snapshotsDir = path.join(root, 'tests/upgrade/snapshots');

export type Release = { commit: string; version: string };

/** The releases of .ci/upgrade-from, oldest first. */
export const listedReleases = (): Release[] =>
  fs
    .readFileSync(path.join(root, '.ci/upgrade-from'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [commit, ...version] = line.split(/\s+/);
      return { commit: commit!, version: version.join(' ') };
    });

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * The release at `commit`, unpacked, installed (its dependencies, not its development tools) and built once per
 * machine (both databases' runs share it; the lock keeps them from installing it twice at once): its server bundle as
 * its own `npm start` built it, and its restore script bundled beside it, so that neither loads its TypeScript through
 * the loader at each start (about 1.5 s each).
 */
export async function installRelease(commit: string): Promise<string> {
  const dir = path.join(os.tmpdir(), 'torque-releases', commit);
  fs.mkdirSync(dir, { recursive: true });
  const release = await lockfile.lock(dir, { retries: { retries: 300, minTimeout: 1000, maxTimeout: 1000 }, stale: 600_000 });
  try {
    if (!fs.existsSync(path.join(dir, '.installed'))) {
      const archive = path.join(os.tmpdir(), `torque-release-${commit}.tar`);
      run('git', ['archive', '--format=tar', '-o', archive, commit], root);
      run('tar', ['-xf', archive, '-C', dir], root);
      fs.rmSync(archive);
      // Only what the release's server runs on (its build and its restore script need no more): the test tools and the
      // web app's packages were three fifths of each install's time.
      run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], dir);
      fs.writeFileSync(path.join(dir, '.installed'), '');
    }
    if (!fs.existsSync(path.join(dir, '.built'))) {
      run(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).buildServer()"], dir);
      await build({
        entryPoints: [path.join(dir, 'src/server/scripts/restore.ts')],
        outdir: path.join(dir, 'dist/server'),
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
      });
      fs.writeFileSync(path.join(dir, '.built'), '');
    }
  } finally {
    await release();
  }
  return dir;
}

export const json = { 'content-type': 'application/json' };
export const call = (server: Server, cookie: string, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, {
    ...init,
    headers: { 'x-requested-with': 'torque', cookie, ...(init.headers as Record<string, string>) },
  });

async function answer(response: Response, status: number): Promise<Response> {
  if (response.status !== status) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function signInDemo(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/api/session/demo`, {
    method: 'POST',
    headers: { ...json, 'x-requested-with': 'torque' },
    body: JSON.stringify({ role: 'admin' }),
  });
  await answer(response, 200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const created = async (response: Response) => (await (await answer(response, 201)).json()) as { id: string };

/** The records an earlier release writes through its own API beside its demo data, by id. */
export type Written = { customer: string; document: string; deal: string };

/**
 * What a user of the release at `server` does on its first day, through its API: a customer with a signed
 * agreement, a vehicle, and a completed sale this year.
 */
export async function writeAsUsers(server: Server): Promise<Written> {
  const cookie = await signInDemo(server);
  const customer = await created(
    await call(server, cookie, '/api/customers', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Upgrade Customer', email: 'upgrade@example.com', phone: '(512) 555-0199' }),
    }),
  );
  const document = multipartBody('purchase-agreement.pdf', await pdfFile('Upgrade agreement'));
  const uploaded = await created(
    await call(server, cookie, `/api/customers/${customer.id}/documents`, {
      method: 'POST',
      body: document.payload,
      headers: document.headers,
    }),
  );
  await created(
    await call(server, cookie, '/api/vehicles', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ make: 'Audi', model: 'Q7', year: 2024, price_cents: 6_500_000, vin: 'WA1LXBF74RD000001' }),
    }),
  );
  const deal = await created(
    await call(server, cookie, '/api/deals', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        date: `${new Date().getUTCFullYear()}-01-15`,
        manufacturer: 'Audi',
        model: 'Q7',
        year: 2024,
        customer_id: customer.id,
        customer_name: 'Upgrade Customer',
        agent_name: 'Upgrade Agent',
        contract_price_cents: 6_500_000,
        broker_fee_cents: 250_000,
        status: 'completed',
      }),
    }),
  );
  return { customer: customer.id, document: uploaded.id, deal: deal.id };
}

/** A new, empty PostgreSQL database on the server of `adminUrl`: its name and URL. */
export async function scratchDatabase(adminUrl: string, purpose: string) {
  const name = `torque_test_${purpose}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { name, url: withDatabase(adminUrl, name) };
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** What a snapshot says of itself (release.json). */
export type SnapshotInfo = Release & { written: Written; pglite: string; made: string };

/**
 * A release's snapshot: the release, installed, starts on a new PostgreSQL database of the server at `adminUrl` with
 * its demo data, its users write their first day, and it stops; its database (pg_dump, as INSERTs any engine of
 * PostgreSQL's family loads, the embedded one too) and its stored files are packed with what it wrote into `file`.
 */
export async function makeSnapshot(release: Release, adminUrl: string, file: string): Promise<SnapshotInfo> {
  const releaseDir = await installRelease(release.commit);
  const database = await scratchDatabase(adminUrl, 'snapshot');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-snapshot-'));
  const dataDir = path.join(work, 'data');
  let server: Server | undefined;
  try {
    server = await startServer({ DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: database.url }, releaseDir);
    const written = await writeAsUsers(server);
    await stopServer(server, 'SIGTERM');
    const pack = path.join(work, 'pack');
    fs.mkdirSync(pack);
    const dump = run('pg_dump', ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=200', database.url], root);
    fs.writeFileSync(path.join(pack, 'database.sql'), dump);
    if (fs.existsSync(path.join(dataDir, 'blobs')))
      fs.cpSync(path.join(dataDir, 'blobs'), path.join(pack, 'blobs'), { recursive: true });
    // What the release sealed with its secret (its users' passwords' pepper, mailbox passwords) opens with it only.
    fs.copyFileSync(path.join(dataDir, 'session-secret'), path.join(pack, 'session-secret'));
    const lock = JSON.parse(fs.readFileSync(path.join(releaseDir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const info: SnapshotInfo = {
      ...release,
      written,
      pglite: lock.packages['node_modules/@electric-sql/pglite']?.version ?? 'none',
      made: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(pack, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Sorted names and no owners or times of their own: the same data packs to the same bytes.
    run(
      'tar',
      [
        '--sort=name',
        '--owner=0',
        '--group=0',
        '--numeric-owner',
        '--mtime=1970-01-01',
        '-cf',
        path.join(work, 'pack.tar'),
        '-C',
        pack,
        '.',
      ],
      root,
    );
    run('gzip', ['-9', '-n', path.join(work, 'pack.tar')], root);
    fs.copyFileSync(path.join(work, 'pack.tar.gz'), file);
    return info;
  } finally {
    if (server) await stopServer(server, 'SIGKILL');
    await dropDatabase(adminUrl, database.name);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A snapshot unpacked into `dir`: its release, its database's SQL, its stored files' folder and its secret. */
export function unpackSnapshot(file: string, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  run('tar', ['-xzf', file, '-C', dir], root);
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8')) as SnapshotInfo;
  return {
    info,
    sql: fs.readFileSync(path.join(dir, 'database.sql'), 'utf8'),
    blobs: path.join(dir, 'blobs'),
    secret: path.join(dir, 'session-secret'),
  };
}

export const snapshotFile = (version: string) => path.join(snapshotsDir, `${version}.tar.gz`);
