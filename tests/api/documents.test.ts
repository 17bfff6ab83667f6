import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentsSuite } from '../helpers/documents-suite.js';

documentsSuite(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-documents-'));
  const root = path.join(dataDir, 'blobs');
  return {
    env: { DATA_DIR: dataDir },
    store: {
      keys: async () =>
        fs.existsSync(root)
          ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)))
          : [],
      read: async (key) => (fs.existsSync(path.join(root, key)) ? fs.readFileSync(path.join(root, key)) : null),
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
});
