import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyAdults } from '../../src/server/modules/cosigners/service.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody, pdfFile, pdfText, pngFile, signatureDataUrl } from '../helpers/document-files.js';
import { liveTab, refreshesCustomers } from '../helpers/live-tab.js';

/** Messages word for word from the spec, written out here rather than read from the code under test. */
const AMOUNT_MESSAGE = 'Please enter deal amount';
const EMAIL_MESSAGE = 'Please enter a valid email address';
const MINOR_AGE_MESSAGE = 'Age must be between 1 and 17';
const MINOR_NAME_MESSAGE = "Minor's name must be at least 2 characters";
const PARENT_NAME_MESSAGE = 'Parent/Guardian name must be at least 2 characters';
const PDF_LIMIT_MESSAGE = 'PDF files only, up to 10MB';
const PDF_MESSAGE = 'Please upload a PDF document';
const PHONE_MESSAGE = 'Please enter a valid phone number';
const RELATIONSHIP_MESSAGE = 'Please specify relationship';
const SIGNATURES_MESSAGE = 'Please complete all signature steps before submitting';
const VEHICLE_MESSAGE = 'Please provide vehicle details';

let t: TestContext;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;

const FORM = {
  minor_name: 'Jamie Lee',
  minor_age: '16',
  minor_email: 'jamie@example.com',
  minor_phone: '',
  parent_name: 'Pat Lee',
  parent_email: 'pat@example.com',
  parent_phone: '(512) 555-0199',
  parent_relationship: 'Mother',
  vehicle_details: '2019 Honda Civic LX, VIN 2HGFC2F59KH512345',
  deal_amount: '14,500',
  notes: '',
  deal_date: '2026-03-15',
};
const signed = () => ({
  parent_signature: { image: signatureDataUrl(1), signed_at: new Date().toISOString(), consent: true },
  minor_signature: { image: signatureDataUrl(7), signed_at: new Date().toISOString(), consent: true },
});

function submit(as: TestUser, data: Record<string, unknown>, file: Buffer | null = null, name = 'agreement.pdf') {
  const { payload, headers } = multipartBody(name, file ?? Buffer.alloc(0), 'application/pdf', { data: JSON.stringify(data) });
  return t.call({ method: 'POST', url: '/api/minor-agreements', as, payload, headers });
}

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
  admin = await t.createUser('admin', 'Ada Admin');
});
afterAll(() => t.close());

describe('the agreement form', () => {
  it.each([
    ['minor_name', 'J', MINOR_NAME_MESSAGE],
    ['minor_age', '0', MINOR_AGE_MESSAGE],
    ['minor_age', '18', MINOR_AGE_MESSAGE],
    ['minor_age', '', MINOR_AGE_MESSAGE],
    ['minor_email', 'jamie@', EMAIL_MESSAGE],
    ['parent_name', 'P', PARENT_NAME_MESSAGE],
    ['parent_email', 'not-mail', EMAIL_MESSAGE],
    ['parent_phone', '555-0199', PHONE_MESSAGE],
    ['parent_relationship', '', RELATIONSHIP_MESSAGE],
    ['vehicle_details', 'Car', VEHICLE_MESSAGE],
    ['deal_amount', '', AMOUNT_MESSAGE],
    ['deal_amount', '0.5', AMOUNT_MESSAGE],
  ])('refuses %s %j with the spec message, storing nothing', async (field, value, message) => {
    const response = await submit(agent, { ...FORM, ...signed(), [field]: value }, await pdfFile());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await t.database.db.selectFrom('minor_agreements').select('id').execute()).toHaveLength(0);
  });

  it('needs both signatures', async () => {
    const { minor_signature: _minor, ...onlyParent } = signed();
    const response = await submit(agent, { ...FORM, ...onlyParent }, await pdfFile());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(SIGNATURES_MESSAGE);
    const unticked = signed();
    const noConsent = await submit(
      agent,
      { ...FORM, ...unticked, parent_signature: { ...unticked.parent_signature, consent: false } },
      await pdfFile(),
    );
    expect(noConsent.statusCode).toBe(400);
  });

  it('refuses a signature that is not a drawn image', async () => {
    const fake = signed();
    fake.minor_signature.image = `data:image/png;base64,${pngFile().toString('base64')}`;
    const response = await submit(agent, { ...FORM, ...fake }, await pdfFile());
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['an executable named .pdf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000)])],
    ['an image named .pdf', pngFile()],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s: a PDF is known by its content', async (_what, bytes) => {
    const response = await submit(agent, { ...FORM, ...signed() }, bytes, 'agreement.pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PDF_MESSAGE);
  });

  it('refuses a PDF over 10 MB', async () => {
    const big = Buffer.concat([await pdfFile(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const response = await submit(agent, { ...FORM, ...signed() }, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(PDF_LIMIT_MESSAGE);
  });
});

describe('a sealed agreement', () => {
  let id: string;
  let original: Buffer;
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([612, 792]);
    original = Buffer.from(await doc.save());
    const response = await submit(agent, { ...FORM, ...signed() }, original, 'civic-cosign.pdf');
    expect(response.statusCode, response.body).toBe(201);
    id = response.json().id;
  });

  it('holds the original pages, then the signature, notice and audit pages with the uploaded bytes’ SHA-256', async () => {
    const download = await t.call({ method: 'GET', url: `/api/minor-agreements/${id}/pdf`, as: agent });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const sealed = await PDFDocument.load(download.rawPayload);
    expect(sealed.getPageCount()).toBe(2 + 3);
    const text = pdfText(download.rawPayload);
    const hash = crypto.createHash('sha256').update(original).digest('hex');
    expect(text).toContain(`SHA-256 ${hash}`);
    expect(text).toContain('Notice to Cosigner');
    expect(text).toContain('You are being asked to guarantee this debt. Think carefully before you do.');
    expect(text).toContain('Parent or guardian: Pat Lee (Mother)');
    expect(text).toContain('Minor: Jamie Lee, age 16 on 2026-03-15 (18 by 2028-03-15)');
    expect(text).toContain('Deal amount: $14,500.00');
    const row = (await t.call({ method: 'GET', url: '/api/minor-agreements', as: agent })).json().items[0];
    expect(row).toMatchObject({ id, original_sha256: hash, turns_18_on: '2028-03-15', customer_name: 'Jamie Lee' });
    for (const signer of [row.parent_signature, row.minor_signature]) {
      expect(signer.ip).toBeTruthy();
      expect(signer.user_agent).toBeTruthy();
      expect(signer.consent).toMatch(/paper copy/);
      expect(text).toContain(`SHA-256 ${signer.image_sha256}`);
    }
  });

  it('is seen by its agent and admins only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/minor-agreements', as: otherAgent })).json().items).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: `/api/minor-agreements/${id}/pdf`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/minor-agreements/${id}/pdf`, as: admin })).statusCode).toBe(200);
  });

  it('refuses edits, through the API and in the database; a correction is a new agreement naming it', async () => {
    const edit = await t.call({ method: 'PATCH', url: `/api/minor-agreements/${id}`, as: agent, payload: { minor_age: 15 } });
    expect(edit.statusCode).toBe(409);
    await expect(sql`UPDATE minor_agreements SET minor_age = 15 WHERE id = ${id}`.execute(t.database.db)).rejects.toThrow(
      /sealed minor agreement cannot be changed/,
    );
    const customerId = (
      await t.database.db.selectFrom('minor_agreements').select('customer_id').where('id', '=', id).executeTakeFirstOrThrow()
    ).customer_id;
    const correction = await submit(
      agent,
      { ...FORM, ...signed(), minor_age: '17', corrects_id: id, customer_id: customerId },
      await pdfFile(),
    );
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json()).toMatchObject({ corrects_id: id, customer_id: customerId, minor_age: 17 });
  });

  it('detects bytes altered in storage and refuses to hand them out', async () => {
    const key = (
      await t.database.db.selectFrom('minor_agreements').select('sealed_key').where('id', '=', id).executeTakeFirstOrThrow()
    ).sealed_key;
    const file = path.join(t.config.dataDir, 'blobs', key);
    const bytes = fs.readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0x01, middle);
    fs.writeFileSync(file, bytes);
    const download = await t.call({ method: 'GET', url: `/api/minor-agreements/${id}/pdf`, as: agent });
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toMatch(/altered since it was signed/);
  });

  it('tells the agent once when the minor turns 18, by the newest correction', async () => {
    const before = await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', agent.id).execute();
    // The correction says 17 on 2026-03-15: 18 by 2027-03-15; the agreement it corrects no longer counts.
    expect(await notifyAdults(t.database.db, '2027-03-14')).toBe(0);
    expect(await notifyAdults(t.database.db, '2027-03-15')).toBe(1);
    expect(await notifyAdults(t.database.db, '2028-03-15')).toBe(0);
    const after = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'link'])
      .where('user_id', '=', agent.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ title: 'Jamie Lee is 18' });
  });
});

describe('the minor as a customer', () => {
  it('adds the minor as the agent\u2019s customer, audited, and refreshes the agent\u2019s customer lists', async () => {
    const tab = await liveTab(t, agent);
    let customerId: string;
    try {
      const minor = { minor_name: 'Casey Cosign', minor_email: 'casey@example.com' };
      const response = await submit(agent, { ...FORM, ...minor, ...signed() }, await pdfFile());
      expect(response.statusCode, response.body).toBe(201);
      customerId = response.json().customer_id;
      expect(await tab.next(refreshesCustomers)).toEqual({ type: 'change', area: 'customers' });
    } finally {
      tab.close();
    }
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
    expect(timeline).toContainEqual(expect.objectContaining({ action: 'created', actor_name: 'Ava Agent' }));
  });
});
