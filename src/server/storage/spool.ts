import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files an upload is written to while its content is checked: DATA_DIR/spool/<pid>-<random>. */
export type Spool = {
  /** A new file name in the spool, private to this process. */
  file: () => string;
  /** Removes what stopped processes left behind, and anything older than a day. Returns how many were removed. */
  sweep: () => Promise<number>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSpool(dataDir: string): Spool {
  const dir = path.join(dataDir, 'spool');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    file: () => path.join(dir, `${process.pid}-${crypto.randomUUID()}`),
    async sweep() {
      let removed = 0;
      for (const name of await fs.promises.readdir(dir)) {
        const file = path.join(dir, name);
        const pid = Number.parseInt(name, 10);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat) continue;
        const abandoned = pid !== process.pid && !isAlive(pid);
        if (abandoned || Date.now() - stat.mtimeMs > DAY_MS) {
          await fs.promises.rm(file, { recursive: true, force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
