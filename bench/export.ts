/**
 * The full export of a large database, measured once: rows a second, the zip's size and the process's peak memory.
 *   DATABASE_URL=postgres://… npm run seed:large -- --customers 100000 --vehicles 20000 --deals 100000
 *   DATABASE_URL=postgres://… npx tsx bench/export.ts
 * Without DATABASE_URL it reads the embedded database in DATA_DIR. The zip is counted and dropped, not written.
 * AS=agent0@bench.test exports what that user may see instead of the first admin's everything.
 */
import { Writable } from 'node:stream';
import { openDatabase } from '../src/server/db/connection.js';
import { streamExport } from '../src/server/modules/export/service.js';
import { exportContents } from '../src/server/modules/areas.js';
import { createBlobStore } from '../src/server/storage/create-blob-store.js';

const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? './data';
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'embedded', dataDir });
const store = await createBlobStore({ dataDir, s3: undefined });
const user = await database.db
  .selectFrom('users')
  .select(['id', 'name', 'email', 'role'])
  .where((w) => (process.env.AS ? w('email', '=', process.env.AS) : w('role', '=', 'admin')))
  .executeTakeFirstOrThrow();
const actor = {
  userId: user.id,
  sessionId: '',
  role: user.role,
  name: user.name,
  email: user.email,
  impersonatorId: null,
  inventory: 'own' as const,
};

let bytes = 0;
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    done();
  },
});
const started = performance.now();
const manifest = await streamExport(database, store, exportContents, actor, out, new AbortController().signal);
const seconds = (performance.now() - started) / 1000;
clearInterval(sample);
const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
const large = Object.entries(manifest.tables).filter(([, table]) => table.rows >= 1000);
console.log(
  `${rows.toLocaleString('en-US')} rows and ${manifest.documents.length} documents in ${seconds.toFixed(1)} s: ` +
    `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, zip ${(bytes / 1e6).toFixed(1)} MB, ` +
    `peak RSS ${Math.round(peak / 1e6)} MB (${database.kind}, ${user.role}, snapshot: ${manifest.snapshot})`,
);
console.log(large.map(([name, table]) => `${name} ${table.rows.toLocaleString('en-US')}`).join(', '));
await database.close();
