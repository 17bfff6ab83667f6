import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import type { BlobStore, StoredBlob } from './blob-store.js';

type S3Config = NonNullable<Config['s3']>;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NotFound';

/** Any S3-compatible service (AWS, MinIO, R2, s3rver), addressed path-style. */
export function createS3Store(config: S3Config): BlobStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the API demands them, so services without the newer trailers keep working.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  return {
    async put(key, file) {
      if (await exists(key)) throw new Error(`Blob already exists: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(file.path),
          ContentLength: file.size,
          ContentType: file.contentType,
        }),
      );
    },
    async move(from, to) {
      if (!(await exists(from))) return;
      const source = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: source }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    exists,
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        const batch: StoredBlob[] = (page.Contents ?? []).map((o) => ({ key: o.Key!, modifiedAt: o.LastModified ?? new Date() }));
        if (batch.length) yield batch;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
