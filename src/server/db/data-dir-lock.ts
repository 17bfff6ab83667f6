import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/** A lock left by a process killed with -9 is taken over once it has not been refreshed for this long. */
const STALE_MS = 10_000;

export type LockOptions = {
  /** Called when the lock is lost while held (the folder removed, the disk gone): the database is no longer safe. */
  onLost?: (error: Error) => void;
  /** Every process on one folder must use the same value; at least 5 s. */
  staleMs?: number;
};

/**
 * PGlite does not lock its folder, and two processes on one folder would corrupt it, so Torque does: an atomic
 * `mkdir` of DATA_DIR/torque.lock (proper-lockfile) that the holder keeps fresh. A second process stops at once
 * with the holder's pid while the holder runs; after a crash it waits until the old lock goes stale, then takes it.
 */
export async function lockDataDir(
  dataDir: string,
  { onLost = defaultOnLost, staleMs = STALE_MS }: LockOptions = {},
): Promise<() => Promise<void>> {
  const pidFile = path.join(dataDir, 'torque.pid');
  const options = { realpath: false, lockfilePath: path.join(dataDir, 'torque.lock'), stale: staleMs, onCompromised: onLost };
  let release: () => Promise<void>;
  try {
    // Taken at once when it is free, not on a later turn of the event loop: start-up opens the database beside the
    // modules' load, and their load would hold up an asynchronous lock until it ended.
    const releaseNow = lockfile.lockSync(dataDir, options);
    release = async () => releaseNow();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    // The holder writes its pid just after taking the lock: give a process that started at the same time a moment.
    const holder = readPid(pidFile) ?? (await sleep(500), readPid(pidFile));
    if (holder !== null && isAlive(holder)) throw inUse(dataDir, holder);
    console.warn(`A Torque process stopped without releasing ${dataDir}; waiting for its lock to expire...`);
    const retries = { retries: Math.ceil(staleMs / 1000) + 5, factor: 1, minTimeout: 1000, maxTimeout: 1000 };
    release = await lockfile.lock(dataDir, { ...options, retries }).catch((retryError: NodeJS.ErrnoException) => {
      throw retryError.code === 'ELOCKED' ? inUse(dataDir, readPid(pidFile)) : retryError;
    });
  }
  fs.writeFileSync(pidFile, String(process.pid));
  return async () => {
    fs.rmSync(pidFile, { force: true });
    await release().catch(() => undefined);
  };
}

const inUse = (dataDir: string, pid: number | null) =>
  new Error(
    `The data folder ${dataDir} is in use by another Torque process${pid ? ` (pid ${pid})` : ''}. ` +
      'Stop that process, or start this one with another DATA_DIR.',
  );

function defaultOnLost(error: Error) {
  console.error(`Torque lost the lock on its data folder and stops to keep the database safe: ${error.message}`);
  process.exit(1);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
