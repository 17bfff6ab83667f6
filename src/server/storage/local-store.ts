import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.js';

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
    async open(key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.promises.stat(file);
        return { stream: fs.createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      return fs.existsSync(fileOf(key));
    },
  };
}
