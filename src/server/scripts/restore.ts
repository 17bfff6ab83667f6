// npm run restore -- <file>: restores a backup into an empty database (a new DATA_DIR, or the empty PostgreSQL
// database DATABASE_URL names) and its documents into the blob store.
import fs from 'node:fs';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/connection.js';
import { restoreBackup } from '../modules/backup/index.js';
import { createBlobStore } from '../storage/create-blob-store.js';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}

async function restore(file: string) {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const store = await createBlobStore(config);
    return await restoreBackup(database.db, store, fs.createReadStream(file));
  } finally {
    await database.close();
  }
}

try {
  const manifest = await restore(file);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored the backup of ${manifest.created_at}: ${rows.toLocaleString()} rows, ${manifest.files} documents.`);
} catch (error) {
  // One line an operator can act on, not a stack trace.
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
