import type { FastifyInstance } from 'fastify';
import type { Instance } from '../db/instance.js';
import type { BlobStore } from './blob-store.js';
import type { Spool } from './spool.js';
import { sweepBlobs, type BlobReferences } from './sweep.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Clears what interrupted uploads leave behind, once the app is ready and then every hour: spool files of stopped
 * processes, and blobs without rows. It runs beside the requests, never delaying start-up.
 */
export function scheduleStorageSweeps(
  app: FastifyInstance,
  deps: { store: BlobStore; spool: Spool; instance: Instance; isReferenced: BlobReferences },
  intervalMs = HOUR_MS,
) {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    (running ??= (async () => {
      try {
        const spoolFiles = await deps.spool.sweep();
        const blobs = await sweepBlobs(deps.store, {
          isReferenced: deps.isReferenced,
          isAlive: deps.instance.isAlive,
          graceMs: HOUR_MS,
        });
        if (spoolFiles || blobs.promoted || blobs.removed) {
          app.log.info(
            `Storage sweep: ${spoolFiles} spool files removed, ${blobs.promoted} uploads completed, ${blobs.removed} orphan files removed`,
          );
        }
      } catch (error) {
        app.log.error({ err: error }, 'storage sweep failed');
      } finally {
        running = null;
      }
    })());
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return sweep;
}
