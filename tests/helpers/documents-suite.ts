import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSource, sampleDeal } from '../../src/server/scripts/sample-data.js';
import { signLink } from '../../src/server/modules/documents/signed-link.js';
import type { BlobStore } from '../../src/server/storage/blob-store.js';
import { createBlobStore } from '../../src/server/storage/create-blob-store.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from './app.js';
import {
  docxFile,
  executableFile,
  htmlFile,
  jpegFile,
  legacyDocFile,
  multipartBody,
  pdfFile,
  pngFile,
  textFile,
} from './document-files.js';

/** What the blob store holds, read directly from the folder or the bucket rather than through Torque. */
export type StoredFiles = { keys: () => Promise<string[]>; read: (key: string) => Promise<Buffer | null> };

export type StoreSetup = { env: Record<string, string>; store: StoredFiles; cleanup: () => Promise<void> };

/** The documents behaviour, run once per blob store (local folder, S3). */
export function documentsSuite(prepare: () => Promise<StoreSetup>) {
  let cleanup: () => Promise<void>;
  let t: TestContext;
  let store: StoredFiles;
  let admin: TestUser;
  let agent: TestUser;
  let other: TestUser;
  let customerId: string;
  let othersCustomerId: string;
  let dealId: string;
  let dataDir: string;
  let blobStore: () => BlobStore;

  const documentRows = async () => (await t.database.db.selectFrom('customer_documents').select('id').execute()).length;
  /** The storage key of a document, which the API keeps to itself. */
  const keyOf = async (id: string, table: 'customer_documents' | 'deal_documents' = 'customer_documents') =>
    (await t.database.db.selectFrom(table).select('file_path').where('id', '=', id).executeTakeFirstOrThrow()).file_path;

  function upload(as: TestUser, fileName: string, content: Buffer, parent = `/api/customers/${customerId}`) {
    const { payload, headers } = multipartBody(fileName, content);
    return t.call({ method: 'POST', url: `${parent}/documents`, payload, headers, as });
  }

  async function createCustomer(as: TestUser, name: string) {
    const response = await t.call({ method: 'POST', url: '/api/customers', payload: { name }, as });
    return response.json().id as string;
  }

  beforeAll(async () => {
    const setup = await prepare();
    store = setup.store;
    cleanup = setup.cleanup;
    t = await createTestContext({ ...setup.env, UPLOAD_MAX_BYTES: String(1024 * 1024) });
    dataDir = t.config.dataDir;
    const opened = await createBlobStore(t.config);
    blobStore = () => opened;
    admin = await t.createUser('admin', 'Ada Admin');
    agent = await t.createUser('agent', 'Aaron Agent');
    other = await t.createUser('agent', 'Olga Other');
    customerId = await createCustomer(agent, 'Paula Paperwork');
    othersCustomerId = await createCustomer(other, 'Oscar Others');
    const deal = sampleDeal(randomSource(3), { id: agent.id, name: agent.name }, new Date());
    dealId = (await t.database.db.insertInto('deals').values(deal).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
    await cleanup();
  });

  describe('uploading', () => {
    it('accepts pdf, doc, docx, jpg, jpeg and png by their content', async () => {
      const cases: [string, Buffer, string][] = [
        ['contract.pdf', await pdfFile(), 'application/pdf'],
        ['letter.doc', legacyDocFile(), 'application/msword'],
        ['terms.docx', docxFile(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['licence.jpg', jpegFile(), 'image/jpeg'],
        ['insurance.jpeg', jpegFile(), 'image/jpeg'],
        ['signature.png', pngFile(), 'image/png'],
      ];
      for (const [name, content, type] of cases) {
        const response = await upload(agent, name, content);
        expect(response.statusCode, name).toBe(201);
        expect(response.json()).toMatchObject({
          file_name: name,
          file_size: content.length,
          content_type: type,
          uploaded_by: agent.id,
          uploaded_by_name: 'Aaron Agent',
        });
        expect(response.json()).not.toHaveProperty('file_path');
        expect(await keyOf(response.json().id)).toMatch(
          new RegExp(`^${agent.id}/\\d{13}_[0-9a-f]{8}_${name.replace('.', '\\.')}$`),
        );
      }
      const list = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents`, as: agent })).json();
      expect(list.map((d: { file_name: string }) => d.file_name)).toEqual(cases.map(([name]) => name).reverse());
      expect(await store.keys()).toHaveLength(cases.length);
      expect((await store.read(await keyOf(list[0].id)))?.equals(pngFile())).toBe(true);
    });

    it('refuses an executable named .pdf, HTML named .png and a text file named .docx, leaving no row and no file', async () => {
      const rowsBefore = await documentRows();
      const filesBefore = (await store.keys()).length;
      for (const [name, content] of [
        ['invoice.pdf', executableFile()],
        ['photo.png', htmlFile()],
        ['notes.docx', textFile()],
        ['sheet.doc', Buffer.alloc(0)],
      ] as const) {
        const response = await upload(agent, name, content);
        expect(response.statusCode, name).toBe(415);
        expect(response.json().error.message).toBe(
          'This file type is not allowed. Upload a PDF, Word (doc, docx), JPG or PNG file.',
        );
      }
      expect(await documentRows()).toBe(rowsBefore);
      expect(await store.keys()).toHaveLength(filesBefore);
    });

    it('refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message', async () => {
      const rowsBefore = await documentRows();
      const filesBefore = (await store.keys()).length;
      const big = Buffer.concat([await pdfFile(), Buffer.alloc(1024 * 1024, 0x20)]);
      const response = await upload(agent, 'scan.pdf', big);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe('The file is larger than the 1 MB upload limit.');
      expect(await documentRows()).toBe(rowsBefore);
      expect(await store.keys()).toHaveLength(filesBefore);
    });

    it('keeps odd names as data and stores them under safe generated names', async () => {
      const names = [
        '../../etc/passwd.pdf',
        '..\\..\\boot.pdf',
        'Ünïcødé contract (final) #2 "v3".pdf',
        '....pdf',
        '<script>.pdf',
      ];
      for (const name of names) {
        const response = await upload(agent, name, await pdfFile());
        expect(response.statusCode, name).toBe(201);
        const document = response.json();
        expect(document.file_name).not.toMatch(/[/\\]/);
        const key = await keyOf(document.id);
        expect(key).toMatch(new RegExp(`^${agent.id}/\\d{13}_[0-9a-f]{8}_[A-Za-z0-9._-]+$`));
        expect(key).not.toContain('..');
        expect(await store.keys()).toContain(key);
      }
      const accented = (await upload(agent, 'Résumé für Müller.pdf', await pdfFile())).json();
      expect(accented.file_name).toBe('Résumé für Müller.pdf');
      expect(await keyOf(accented.id)).toMatch(/_Resume_fur_Muller\.pdf$/);
    });

    it('names the stored and downloaded file with the extension of the type its content shows', async () => {
      const cases: [string, Buffer, string][] = [
        ['passport-scan.html', pngFile(), 'passport-scan.png'],
        ['contract.png', await pdfFile(), 'contract.pdf'],
        ['terms.pdf', docxFile(), 'terms.docx'],
        ['licence', jpegFile(), 'licence.jpg'],
        ['v1.2', pngFile(), 'v1.2.png'],
        ['Photo.JPEG', jpegFile(), 'Photo.JPEG'],
        ['selfie.jpg', jpegFile(), 'selfie.jpg'],
        ['Scan.PNG', pngFile(), 'Scan.PNG'],
      ];
      for (const [name, content, expected] of cases) {
        const response = await upload(agent, name, content);
        expect(response.statusCode, name).toBe(201);
        const document = response.json();
        expect(document.file_name, name).toBe(expected);
        expect(await keyOf(document.id), name).toMatch(new RegExp(`_${expected.replace('.', '\\.')}$`));
        const { url } = (
          await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${document.id}/link`, as: agent })
        ).json();
        const file = await t.call({ method: 'GET', url, as: null });
        expect(file.headers['content-disposition'], name).toBe(
          `attachment; filename="${expected}"; filename*=UTF-8''${expected}`,
        );
      }
      const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json() as {
        changes: Record<string, unknown>;
      }[];
      expect(timeline.find((e) => e.changes.file_name === 'passport-scan.png')?.changes).toMatchObject({
        uploaded_as: 'passport-scan.html',
      });
      expect(timeline.find((e) => e.changes.file_name === 'selfie.jpg')?.changes).not.toHaveProperty('uploaded_as');
    });

    it('downloads a document stored under a mismatched name with the extension of its type', async () => {
      const document = (await upload(agent, 'stored.png', pngFile())).json();
      await t.database.db
        .updateTable('customer_documents')
        .set({ file_name: 'stored-earlier.html' })
        .where('id', '=', document.id)
        .execute();
      const { url } = (
        await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${document.id}/link`, as: agent })
      ).json();
      const file = await t.call({ method: 'GET', url, as: null });
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="stored-earlier.png"; filename*=UTF-8''stored-earlier.png`,
      );
    });

    it('stores 60 uploads of one name by one user at once under 60 different keys', async () => {
      const content = await pdfFile('Same name');
      const responses = await Promise.all(Array.from({ length: 60 }, () => upload(agent, 'same-name.pdf', content)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(60).fill(201));
      const keys = await Promise.all(responses.map((r) => keyOf(r.json().id)));
      expect(new Set(keys).size).toBe(60);
      const stored = await store.keys();
      for (const key of keys) expect(stored).toContain(key);
    });

    it('refuses a body cut off in the middle of the file with 400, leaving no row, no file and no spool file', async () => {
      const rowsBefore = await documentRows();
      const filesBefore = (await store.keys()).length;
      const { payload, headers } = multipartBody('cut-short.pdf', await pdfFile('Cut short'));
      for (const cut of [payload.subarray(0, payload.length - 40), payload.subarray(0, 60), Buffer.from('--nonsense\r\n')]) {
        const response = await t.call({
          method: 'POST',
          url: `/api/customers/${customerId}/documents`,
          payload: cut,
          headers,
          as: agent,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toMatch(/did not arrive complete|Choose a file/);
      }
      expect(await documentRows()).toBe(rowsBefore);
      expect(await store.keys()).toHaveLength(filesBefore);
      expect(fs.readdirSync(path.join(dataDir, 'spool'))).toEqual([]);
    });

    it('spools uploads under DATA_DIR and clears what a stopped process left there', async () => {
      const spool = path.join(dataDir, 'spool');
      expect(fs.readdirSync(spool)).toEqual([]);
      fs.writeFileSync(path.join(spool, '999999999-left-behind'), 'customer document bytes');
      await t.app.sweepStorage();
      expect(fs.readdirSync(spool)).toEqual([]);
    });

    it('finishes an upload whose row committed, and removes one that never got a row, once its process is gone', async () => {
      const content = await pdfFile('Interrupted');
      const committed = (await upload(agent, 'committed.pdf', content)).json();
      const committedKey = await keyOf(committed.id);
      // As if the process stopped after the commit and before the move, and another one stopped before its commit.
      const goneInstance = '1234567';
      const { db } = t.database;
      await db
        .updateTable('customer_documents')
        .set({ file_path: `${agent.id}/1_interrupted.pdf` })
        .where('id', '=', committed.id)
        .execute();
      const source = path.join(dataDir, 'source.pdf');
      fs.writeFileSync(source, content);
      const file = { path: source, size: content.length, contentType: 'application/pdf' };
      await blobStore().put(`pending/${goneInstance}/${agent.id}/1_interrupted.pdf`, file);
      await blobStore().put(`pending/${goneInstance}/${agent.id}/2_never-committed.pdf`, file);
      await blobStore().remove(committedKey);

      await t.app.sweepStorage();
      const keys = await store.keys();
      expect(keys).toContain(`${agent.id}/1_interrupted.pdf`);
      expect(keys.filter((k) => k.startsWith('pending/'))).toEqual([]);
      const { url } = (
        await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${committed.id}/link`, as: agent })
      ).json();
      expect((await t.call({ method: 'GET', url, as: null })).rawPayload.equals(content)).toBe(true);
    });

    it('asks for a file when the request carries none', async () => {
      const response = await t.call({ method: 'POST', url: `/api/customers/${customerId}/documents`, payload: {}, as: agent });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('downloading through a signed link', () => {
    let documentId: string;
    let content: Buffer;
    beforeAll(async () => {
      content = await pdfFile('Signed link');
      documentId = (await upload(agent, 'Vertrag für Müller.pdf', content)).json().id;
    });

    it('answers a 60-second link that streams the file as an attachment, without a session', async () => {
      const link = await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${documentId}/link`, as: agent });
      expect(link.statusCode).toBe(200);
      const { url } = link.json();
      expect(url).toMatch(new RegExp(`^/api/files/customer/${documentId}/\\d{13}/[\\w-]{43}$`));
      const file = await t.call({ method: 'GET', url, as: null });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Vertrag f_r M_ller.pdf"; filename*=UTF-8''${encodeURIComponent('Vertrag für Müller.pdf')}`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses an expired link with 403 and a plain message', async () => {
      const expired = signLink(TEST_SECRET, 'customer', documentId, Date.now() - 61_000);
      const response = await t.call({ method: 'GET', url: expired, as: null });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('This download link has expired or is not valid. Download the document again from Torque.');
      const fresh = signLink(TEST_SECRET, 'customer', documentId, Date.now() - 55_000);
      expect((await t.call({ method: 'GET', url: fresh, as: null })).statusCode).toBe(200);
    });

    it('refuses an altered link with 403', async () => {
      const { url } = (
        await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${documentId}/link`, as: agent })
      ).json();
      const [, , , kind, id, expires, signature] = url.split('/');
      const otherDocument = (await upload(agent, 'other.pdf', await pdfFile())).json().id;
      const altered = [
        `/api/files/${kind}/${id}/${Number(expires) + 3_600_000}/${signature}`,
        `/api/files/${kind}/${otherDocument}/${expires}/${signature}`,
        `/api/files/deal/${id}/${expires}/${signature}`,
        `/api/files/${kind}/${id}/${expires}/${signature.slice(0, -2)}xx`,
        `/api/files/${kind}/${id}/${expires}/x`,
      ];
      for (const link of altered) {
        const response = await t.call({ method: 'GET', url: link, as: null });
        expect(response.statusCode, link).toBe(403);
        expect(response.body).toMatch(/expired or is not valid/);
      }
    });
  });

  describe('deleting', () => {
    it('removes the row and the file, and records both events on the customer timeline', async () => {
      const document = (await upload(agent, 'to-delete.pdf', await pdfFile())).json();
      const key = await keyOf(document.id);
      expect(await store.keys()).toContain(key);
      const { url } = (
        await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${document.id}/link`, as: agent })
      ).json();
      const response = await t.call({
        method: 'DELETE',
        url: `/api/customers/${customerId}/documents/${document.id}`,
        as: agent,
      });
      expect(response.statusCode).toBe(204);
      expect(await store.keys()).not.toContain(key);
      const row = await t.database.db
        .selectFrom('customer_documents')
        .select('id')
        .where('id', '=', document.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect((await t.call({ method: 'GET', url, as: null })).statusCode).toBe(404);
      const again = await t.call({ method: 'DELETE', url: `/api/customers/${customerId}/documents/${document.id}`, as: agent });
      expect(again.statusCode).toBe(404);
      const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
      expect(timeline.slice(0, 2)).toEqual([
        expect.objectContaining({ action: 'document_removed', changes: expect.objectContaining({ file_name: 'to-delete.pdf' }) }),
        expect.objectContaining({ action: 'document_added', changes: expect.objectContaining({ file_name: 'to-delete.pdf' }) }),
      ]);
    });
  });

  describe('deleting when the database refuses at commit', () => {
    it('keeps both the row and the file', async () => {
      const content = await pdfFile('Keep me');
      const document = (await upload(agent, 'keep-me.pdf', content)).json();
      const key = await keyOf(document.id);
      const { db } = t.database;
      await sql`CREATE FUNCTION refuse_document_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`.execute(
        db,
      );
      await sql`CREATE CONSTRAINT TRIGGER refuse_document_delete AFTER DELETE ON customer_documents
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_document_delete()`.execute(db);
      try {
        const response = await t.call({
          method: 'DELETE',
          url: `/api/customers/${customerId}/documents/${document.id}`,
          as: agent,
        });
        expect(response.statusCode).toBe(500);
      } finally {
        await sql`DROP TRIGGER refuse_document_delete ON customer_documents`.execute(db);
        await sql`DROP FUNCTION refuse_document_delete()`.execute(db);
      }
      expect(await db.selectFrom('customer_documents').select('id').where('id', '=', document.id).executeTakeFirst()).toEqual({
        id: document.id,
      });
      expect(await store.keys()).toContain(key);
      const { url } = (
        await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${document.id}/link`, as: agent })
      ).json();
      expect((await t.call({ method: 'GET', url, as: null })).rawPayload.equals(content)).toBe(true);
    });
  });

  describe('owner isolation', () => {
    it('answers 404 for another agent\u2019s customer documents through every path', async () => {
      const theirs = (await upload(other, 'private.pdf', await pdfFile(), `/api/customers/${othersCustomerId}`)).json();
      const base = `/api/customers/${othersCustomerId}/documents`;
      expect((await t.call({ method: 'GET', url: base, as: agent })).statusCode).toBe(404);
      expect((await upload(agent, 'sneaky.pdf', await pdfFile(), `/api/customers/${othersCustomerId}`)).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `${base}/${theirs.id}/link`, as: agent })).statusCode).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `${base}/${theirs.id}`, as: agent })).statusCode).toBe(404);
      // Their document reached through the agent's own customer is not found either.
      const own = `/api/customers/${customerId}/documents/${theirs.id}`;
      expect((await t.call({ method: 'GET', url: `${own}/link`, as: agent })).statusCode).toBe(404);
      expect((await t.call({ method: 'DELETE', url: own, as: agent })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `${base}/${theirs.id}/link`, as: admin })).statusCode).toBe(200);
    });
  });

  describe('deal documents', () => {
    it('use the same rules, with access through the deal\u2019s owner', async () => {
      const parent = `/api/deals/${dealId}`;
      const created = await upload(agent, 'deal-contract.pdf', await pdfFile(), parent);
      expect(created.statusCode).toBe(201);
      const document = created.json();
      const key = await keyOf(document.id, 'deal_documents');
      expect((await t.call({ method: 'GET', url: `${parent}/documents`, as: agent })).json()).toHaveLength(1);
      expect((await t.call({ method: 'GET', url: `${parent}/documents`, as: other })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `${parent}/documents`, as: admin })).json()).toHaveLength(1);
      expect((await upload(agent, 'fake.pdf', htmlFile(), parent)).statusCode).toBe(415);
      const { url } = (await t.call({ method: 'GET', url: `${parent}/documents/${document.id}/link`, as: admin })).json();
      expect((await t.call({ method: 'GET', url, as: null })).statusCode).toBe(200);
      // A deal document id is not a customer document id.
      expect(
        (await t.call({ method: 'GET', url: `/api/customers/${customerId}/documents/${document.id}/link`, as: agent }))
          .statusCode,
      ).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `${parent}/documents/${document.id}`, as: agent })).statusCode).toBe(204);
      expect(await store.keys()).not.toContain(key);
    });
  });
}
