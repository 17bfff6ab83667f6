import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDocument } from '../../src/server/modules/documents/service.js';
import { createLocalStore } from '../../src/server/storage/local-store.js';
import { actorFor, createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';
import { documentsSuite } from '../helpers/documents-suite.js';

documentsSuite(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-documents-'));
  const root = path.join(dataDir, 'blobs');
  return {
    env: { DATA_DIR: dataDir },
    store: {
      keys: async () =>
        fs.existsSync(root)
          ? fs
              .readdirSync(root, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
          : [],
      read: async (key) => (fs.existsSync(path.join(root, key)) ? fs.readFileSync(path.join(root, key)) : null),
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
});

describe('the local blob store', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-local-store-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes a target it could not write in full, and leaves an existing key alone', async () => {
    const store = createLocalStore(dir);
    const content = await pdfFile('Local store');
    const source = path.join(dir, 'source.pdf');
    fs.writeFileSync(source, content);
    const file = { path: source, size: content.length, contentType: 'application/pdf' };

    await expect(store.put('user/short.pdf', { ...file, size: content.length + 10 })).rejects.toThrow();
    expect(await store.exists('user/short.pdf')).toBe(false);
    await expect(store.put('user/unreadable.pdf', { ...file, path: dir })).rejects.toThrow();
    expect(await store.exists('user/unreadable.pdf')).toBe(false);

    await store.put('user/kept.pdf', file);
    fs.writeFileSync(source, 'something else');
    await expect(store.put('user/kept.pdf', { ...file, size: 14 })).rejects.toThrow();
    expect(fs.readFileSync(path.join(dir, 'blobs', 'user', 'kept.pdf')).equals(content)).toBe(true);
  });
});

describe('deleting a document whose file cannot be removed', () => {
  let t: TestContext;
  let dataDir: string;
  let agent: TestUser;
  let customerId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-documents-'));
    t = await createTestContext({ DATA_DIR: dataDir });
    agent = await t.createUser('agent', 'Dora Delete');
    customerId = (await t.call({ method: 'POST', url: '/api/customers', payload: { name: 'Fiona File' }, as: agent })).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function uploadWithStuckFile(name: string) {
    const { payload, headers } = multipartBody(name, await pdfFile());
    const document = (
      await t.call({ method: 'POST', url: `/api/customers/${customerId}/documents`, payload, headers, as: agent })
    ).json();
    // A folder with something in it where the file was: the store's remove fails on it.
    const { file_path: key } = await t.database.db
      .selectFrom('customer_documents')
      .select('file_path')
      .where('id', '=', document.id)
      .executeTakeFirstOrThrow();
    const blob = path.join(dataDir, 'blobs', key);
    fs.rmSync(blob);
    fs.mkdirSync(blob);
    fs.writeFileSync(path.join(blob, 'stuck'), 'x');
    return { id: document.id as string, file_path: key };
  }

  const rowOf = (id: string) =>
    t.database.db.selectFrom('customer_documents').select('id').where('id', '=', id).executeTakeFirst();

  it('still deletes the row and answers 204', async () => {
    const document = await uploadWithStuckFile('stuck.pdf');
    const response = await t.call({ method: 'DELETE', url: `/api/customers/${customerId}/documents/${document.id}`, as: agent });
    expect(response.statusCode).toBe(204);
    expect(await rowOf(document.id)).toBeUndefined();
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({
      action: 'document_removed',
      changes: { document_id: document.id, file_name: 'stuck.pdf' },
    });
  });

  it('logs the failed removal after the commit', async () => {
    const document = await uploadWithStuckFile('logged.pdf');
    const logged: { details: object; message: string }[] = [];
    const log = { error: (details: object, message: string) => void logged.push({ details, message }) };
    const actor = actorFor(agent);
    await deleteDocument(t.database.db, createLocalStore(dataDir), actor, 'customer', customerId, document.id, log);
    expect(await rowOf(document.id)).toBeUndefined();
    expect(logged).toEqual([
      { details: expect.objectContaining({ key: document.file_path, err: expect.any(Error) }), message: expect.any(String) },
    ]);
  });
});
