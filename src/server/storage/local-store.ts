import fs from 'node:fs';
import path from 'node:path';
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
    async put(key, { path: source }) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
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
