// npm run backup [-- <file>]: writes a backup of the database and every document (DATA_DIR/backups/ by default).
// On the embedded database, stop Torque first (or use 'Download backup' in Settings while it runs).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { backupFileName, writeBackupFile } from '../modules/backup/index.js';
import { createBlobStore } from '../storage/create-blob-store.js';

const config = loadConfig();
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', backupFileName()));
const database = await openConfiguredDatabase(config);
fs.mkdirSync(path.dirname(target), { recursive: true });
try {
  await migrateToLatest(database.db);
  const store = await createBlobStore(config);
  const manifest = await writeBackupFile(database.db, store, target);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${target}: ${rows.toLocaleString()} rows, ${manifest.files} documents.`);
} finally {
  await database.close();
}
