import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalStore } from './local-store.js';

/** The S3 client is loaded only by installations that use S3: it is a tenth of Torque's start-up time. */
export async function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<BlobStore> {
  if (!config.s3) return createLocalStore(config.dataDir);
  const { createS3Store } = await import('./s3-store.js');
  return createS3Store(config.s3);
}
