import { parsePendingKey, type BlobStore } from './blob-store.js';

/** Which of these keys a row still names. Each area that stores blobs answers for its own tables. */
export type BlobReferences = (keys: string[]) => Promise<Set<string>>;

export type SweepOptions = {
  isReferenced: BlobReferences;
  /** Whether the process that stored a pending blob is still running (and may yet commit its row). */
  isAlive: (instance: string) => Promise<boolean>;
  /** Anything this old is left over whoever stored it. */
  graceMs: number;
  now?: number;
};

export type SweepResult = { promoted: number; removed: number };

/**
 * Brings the store in line with the rows: a pending upload whose row committed is moved to its own key (its process
 * stopped before it could), a pending upload of a process that is gone and without a row is removed, and so is a
 * blob under its own key that no row names (a file whose removal failed after its row was deleted).
 */
export async function sweepBlobs(store: BlobStore, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const result: SweepResult = { promoted: 0, removed: 0 };
  const alive = new Map<string, Promise<boolean>>();
  const isAlive = (instance: string) => {
    if (!alive.has(instance)) alive.set(instance, options.isAlive(instance));
    return alive.get(instance)!;
  };
  for await (const batch of store.list()) {
    const entries = batch.map((blob) => {
      const pending = parsePendingKey(blob.key);
      return { ...blob, pending, target: pending?.key ?? blob.key };
    });
    const referenced = await options.isReferenced([...new Set(entries.map((e) => e.target))]);
    for (const entry of entries) {
      const old = now - entry.modifiedAt.getTime() >= options.graceMs;
      if (referenced.has(entry.target)) {
        if (entry.pending) {
          await store.move(entry.key, entry.target);
          result.promoted++;
        }
      } else if (old || (entry.pending && !(await isAlive(entry.pending.instance)))) {
        await store.remove(entry.key);
        result.removed++;
      }
    }
  }
  return result;
}
