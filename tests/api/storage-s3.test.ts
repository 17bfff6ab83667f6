import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { documentsSuite } from '../helpers/documents-suite.js';

/** The same document behaviour with the S3 blob store, against an s3rver started here. */
documentsSuite(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'torque-documents', configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const Bucket = 'torque-documents';
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    env: {
      DATA_DIR: path.join(directory, 'unused'),
      S3_ENDPOINT: endpoint,
      S3_BUCKET: Bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    store: {
      keys: async () => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket }));
        return (listed.Contents ?? []).map((object) => object.Key!);
      },
      read: async (key) => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          return Buffer.from(await object.Body!.transformToByteArray());
        } catch {
          return null;
        }
      },
    },
    cleanup: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
});
