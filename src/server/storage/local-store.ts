import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore, StoredBlob } from './blob-store.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under DATA_DIR/blobs/<key>; the folder is created on the first upload. */
export function createLocalStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'blobs');
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Blob key outside the store: ${key}`);
    return file;
  };

  return {
    async put(key, { path: source, size }) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // 'wx' refuses an existing key; once it has opened, the file is this call's to remove if anything fails.
      const handle = await fs.promises.open(target, 'wx', 0o600);
      try {
        await pipeline(fs.createReadStream(source), handle.createWriteStream());
        const written = (await fs.promises.stat(target)).size;
        if (written !== size) throw new Error(`Blob ${key} has ${written} of ${size} bytes`);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await fs.promises.rm(target, { force: true });
        throw error;
      }
    },
    async move(from, to) {
      const target = fileOf(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(fileOf(from), target);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.promises.stat(file);
        return { stream: fs.createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      return fs.existsSync(fileOf(key));
    },
    async *list() {
      if (!fs.existsSync(root)) return;
      let batch: StoredBlob[] = [];
      for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat) continue;
        batch.push({ key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: stat.mtime });
        if (batch.length === 500) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  };
}
