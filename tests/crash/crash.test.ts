import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabase } from '../helpers/databases.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';
import { adminEnv, adminSignIn, call } from '../helpers/server-admin.js';
import { startServer as startServerProcess, stopServer as stop, type Server } from '../helpers/server.js';

/**
 * The real server in its own process, killed with -9 while concurrent creates and uploads are in flight, then
 * started again on the same data: every write it acknowledged is there, and no file is left without its row, under
 * a pending key, or in the upload spool.
 */

const ADMIN = { email: 'owner@crash.test', password: 'a long crash-test password' };
const onPostgres = process.env.TORQUE_TEST_DB === 'postgres';

const startServer = (env: Record<string, string>) => startServerProcess({ ...env, ...adminEnv(ADMIN) });
const signIn = adminSignIn(ADMIN);

/** Every file in a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe(`a crash during concurrent writes (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};
  let server: Server | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-crash-'));
    const database = await serverDatabase();
    env = { ...database.env, DATA_DIR: dataDir };
    dropDatabase = database.drop;
    // As an earlier version left a data folder: open to everyone, with a file and a folder of its own.
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, 'backups'), { mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, 'backups', 'earlier.tar.gz'), 'an earlier backup', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'backups'), 0o777);
    fs.chmodSync(path.join(dataDir, 'backups', 'earlier.tar.gz'), 0o666);
  });

  afterAll(async () => {
    if (server) await stop(server, 'SIGKILL');
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and leaves no orphan file, pending file or spool file behind', async () => {
    server = await startServer(env);
    let cookie = await signIn(server.url);
    const parent = (await (
      await call(`${server.url}/api/customers`, cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Crash Parent' }),
      })
    ).json()) as { id: string };

    const acknowledgedCustomers: string[] = [];
    const acknowledgedDocuments = new Map<string, string>();
    const content = Buffer.concat([await pdfFile('Crash test'), crypto.randomBytes(256 * 1024)]);
    const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
    let stopped = false;

    const createLoop = async (worker: number) => {
      for (let i = 0; !stopped; i++) {
        try {
          const response = await call(`${server!.url}/api/customers`, cookie, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Crash ${worker}-${i}` }),
          });
          if (response.status === 201) acknowledgedCustomers.push(((await response.json()) as { id: string }).id);
        } catch {
          return;
        }
      }
    };
    const uploadLoop = async (worker: number) => {
      for (let i = 0; !stopped; i++) {
        const body = multipartBody(`crash-${worker}-${i}.pdf`, content);
        try {
          const response = await call(`${server!.url}/api/customers/${parent.id}/documents`, cookie, {
            method: 'POST',
            body: body.payload,
            headers: body.headers,
          });
          if (response.status === 201) acknowledgedDocuments.set(((await response.json()) as { id: string }).id, sha(content));
        } catch {
          return;
        }
      }
    };

    const loops = [...Array.from({ length: 8 }, (_, w) => createLoop(w)), ...Array.from({ length: 6 }, (_, w) => uploadLoop(w))];
    // Kill once writes of both kinds have been acknowledged, with more of each in flight.
    const deadline = Date.now() + 30_000;
    while ((acknowledgedCustomers.length < 40 || acknowledgedDocuments.size < 8) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await stop(server, 'SIGKILL');
    stopped = true;
    await Promise.all(loops);
    expect(acknowledgedCustomers.length).toBeGreaterThanOrEqual(40);
    expect(acknowledgedDocuments.size).toBeGreaterThanOrEqual(8);

    server = await startServer(env);
    cookie = await signIn(server.url);
    for (const id of acknowledgedCustomers) {
      expect((await call(`${server.url}/api/customers/${id}`, cookie)).status, id).toBe(200);
    }
    const listed = (await (await call(`${server.url}/api/customers/${parent.id}/documents`, cookie)).json()) as { id: string }[];
    for (const [id, hash] of acknowledgedDocuments) {
      expect(listed.map((d) => d.id)).toContain(id);
      const { url } = (await (await call(`${server.url}/api/customers/${parent.id}/documents/${id}/link`, cookie)).json()) as {
        url: string;
      };
      const file = await fetch(`${server.url}${url}`);
      expect(file.status).toBe(200);
      expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(hash);
    }

    // The sweep after start: every stored file is a listed document's, nothing pending, the spool empty.
    const blobs = path.join(dataDir, 'blobs');
    await expect
      .poll(
        () => ({
          pending: filesUnder(blobs).filter((f) => f.startsWith('pending')).length,
          spool: filesUnder(path.join(dataDir, 'spool')).length,
        }),
        { timeout: 20_000 },
      )
      .toEqual({ pending: 0, spool: 0 });
    const documents = (await (await call(`${server.url}/api/customers/${parent.id}/documents`, cookie)).json()) as {
      id: string;
    }[];
    expect(filesUnder(blobs)).toHaveLength(documents.length);
    if (onPostgres) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ file_path: string }>('SELECT file_path FROM customer_documents');
      await client.end();
      expect(filesUnder(blobs).sort()).toEqual(rows.map((r) => r.file_path).sort());
    }
    await stop(server, 'SIGTERM');
    server = undefined;
  }, 120_000);

  it("keeps the data folder its owner's alone: the folder and every folder in it 0700, every file 0600", () => {
    const modes = fs
      .readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .map((entry) => path.join(entry.parentPath, entry.name))
      .concat(dataDir)
      .map((file) => ({ file: path.relative(dataDir, file) || '.', stat: fs.lstatSync(file) }))
      .filter(({ stat }) => !stat.isSymbolicLink());
    expect(modes.filter(({ stat }) => stat.isFile()).length).toBeGreaterThan(onPostgres ? 1 : 100);
    const open = modes
      .filter(({ stat }) => (stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600))
      .map(({ file, stat }) => `${file} ${(stat.mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  });
});
