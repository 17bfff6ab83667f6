import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { requireRole } from '../../auth/scope.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../../platform/audit.js';
import { getSetting, SETTINGS_ENTITY_ID } from '../../platform/settings.js';
import { writeBackup } from './archive.js';

export const backupFileName = (at = new Date()) => `torque-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** Writes a backup to `file`; a backup that fails part-way (a full disk, a lost database) leaves no file behind. */
export async function writeBackupFile(db: Kysely<DB>, store: BlobStore, file: string, scratchDir?: string) {
  try {
    return await writeBackup(db, store, fs.createWriteStream(file), { scratchDir });
  } catch (error) {
    await fsp.rm(file, { force: true });
    throw error;
  }
}

/**
 * The backup a start-up takes before it migrates a database an earlier version wrote: DATA_DIR/backups/
 * torque-before-<last migration to apply>-<time>.tar.gz, outside the daily backups' retention. Where it went.
 */
export async function backUpBeforeUpgrade(
  db: Kysely<DB>,
  store: BlobStore,
  dataDir: string,
  pending: string[],
  now = new Date(),
) {
  const file = path.join(dataDir, 'backups', `torque-before-${pending.at(-1)}-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await writeBackupFile(db, store, file);
  return file;
}

export function mayBackUp(actor: Actor) {
  requireRole(actor, 'admin');
}

export async function recordDownload(db: Kysely<DB>, actor: Actor, file: string) {
  await recordAudit(db, actor, {
    entityType: 'settings',
    entityId: SETTINGS_ENTITY_ID,
    action: 'backup_downloaded',
    changes: { file },
  });
}

/**
 * The daily backup: written under DATA_DIR/backups (or `backups/` in the S3 bucket), then the backups older than the
 * retention in the settings are removed. The file name and where it went.
 */
export async function takeDailyBackup(
  db: Kysely<DB>,
  store: BlobStore,
  options: { dataDir: string; s3: boolean; spoolDir: string },
  now = new Date(),
): Promise<string> {
  const { retention_years } = await getSetting(db, 'backup');
  const name = backupFileName(now);
  const local = path.join(options.s3 ? options.spoolDir : path.join(options.dataDir, 'backups'), name);
  await fsp.mkdir(path.dirname(local), { recursive: true });
  await writeBackupFile(db, store, local, options.spoolDir);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retention_years);
  if (options.s3) {
    await store.put(`backups/${name}`, { path: local, size: (await fsp.stat(local)).size, contentType: 'application/gzip' });
    await fsp.rm(local, { force: true });
    for await (const batch of store.list()) {
      for (const blob of batch) if (blob.key.startsWith('backups/') && blob.modifiedAt < cutoff) await store.remove(blob.key);
    }
    return `backups/${name} in the bucket`;
  }
  const dir = path.dirname(local);
  for (const file of await fsp.readdir(dir)) {
    const stat = await fsp.stat(path.join(dir, file));
    if (file.startsWith('torque-backup-') && stat.mtime < cutoff) await fsp.rm(path.join(dir, file), { force: true });
  }
  return local;
}
