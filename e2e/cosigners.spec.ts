import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from '../tests/helpers/document-files';
import { expect, open, test, unique } from './fixtures';

/** A two-page agreement to upload. */
async function agreementPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText('Retail installment contract', { x: 72, y: 700, size: 16 });
  pdf.addPage([612, 792]).drawText('Page two', { x: 72, y: 700, size: 16 });
  return Buffer.from(await pdf.save());
}

/** A signature drawn with the mouse: a wave across the pad. */
async function drawWithMouse(page: Page, pad: Locator) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 24), box.y + box.height / 2 + Math.sin(i / 2) * 30);
  }
  await page.mouse.up();
}

/** A signature drawn with a finger: real touch input through the browser's own touch events. */
async function drawWithFinger(page: Page, pad: Locator) {
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => ({ x: box.x + 20 + i * ((box.width - 40) / 20), y: box.y + box.height / 2 + Math.cos(i / 2) * 25 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let i = 1; i <= 20; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function fillAgreement(page: Page, minor: string) {
  const form = page.getByRole('form', { name: 'Customer information' });
  await form.getByLabel("Minor's Name").fill(minor);
  await form.getByLabel("Minor's Age").fill('16');
  await form.getByLabel('Parent/Guardian Name').fill('Pat Lee');
  await form.getByLabel('Relationship to Minor').fill('Mother');
  await form.getByLabel('Parent/Guardian Email').fill('pat.lee@example.com');
  await form.getByLabel('Parent/Guardian Phone').fill('(512) 555-0199');
  await form.getByLabel('Vehicle Details').fill('2019 Honda Civic LX');
  await form.getByLabel('Deal Amount').fill('14,500');
}

async function signAndSubmit(page: Page, minor: string, draw: (page: Page, pad: Locator) => Promise<void>) {
  const progress = page.getByRole('list', { name: 'Progress' });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Upload Document');
  await page
    .getByLabel('Agreement (PDF)')
    .setInputFiles({ name: 'civic.pdf', mimeType: 'application/pdf', buffer: await agreementPdf() });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Parent Signature');

  await page.getByText(/I, Pat Lee, agree to sign this co-signer agreement/).click();
  await draw(page, page.getByRole('img', { name: /Parent signature/ }));
  await page.getByRole('button', { name: 'Confirm Parent Signature' }).click();
  await expect(progress.locator('[aria-current="step"]')).toContainText('Minor Signature');

  await page.getByText(new RegExp(`I, ${minor}, agree to sign this minor agreement`)).click();
  await draw(page, page.getByRole('img', { name: /Minor signature/ }));
  await page.getByRole('button', { name: 'Confirm Minor Signature' }).click();
  await expect(progress.locator('[aria-current="step"]')).toContainText('Complete');

  await page.getByRole('button', { name: 'Submit Agreement' }).click();
  await expect(page.getByText('Agreement Sealed')).toBeVisible();
  // On submit everything starts again at the upload step.
  await expect(progress.locator('[aria-current="step"]')).toContainText('Upload Document');
  await expect(page.getByLabel("Minor's Name")).toHaveValue('');
}

async function downloadSealed(page: Page, minor: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download the sealed agreement of ${minor}` }).click();
  const bytes = fs.readFileSync((await (await download).path())!);
  const sealed = await PDFDocument.load(bytes);
  // The two uploaded pages, then the signature, notice and audit pages.
  expect(sealed.getPageCount()).toBe(5);
  const text = pdfText(bytes);
  expect(text).toContain('Notice to Cosigner');
  expect(text).toContain('Parent or guardian: Pat Lee (Mother)');
  expect(text).toMatch(/SHA-256 [0-9a-f]{64}/);
}

test.describe('minor co-signer agreements', () => {
  test('complete the four steps with signatures drawn by mouse and download the sealed PDF', async ({ agentPage: page }) => {
    await open(page, '/minor-cosigners');
    await page.getByRole('button', { name: 'Submit Agreement' }).click();
    await expect(page.getByText("Minor's name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText('Age must be between 1 and 17')).toBeVisible();
    const minor = unique('Jamie Lee');
    await fillAgreement(page, minor);
    await page
      .getByLabel('Agreement (PDF)')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
    await expect(page.getByText('Please upload a PDF document')).toBeVisible();
    await signAndSubmit(page, minor, drawWithMouse);
    await downloadSealed(page, minor);
  });
});

test.describe('a document that is not a PDF', () => {
  test('is refused as soon as it is chosen, though it is named .pdf, and the upload step stays', async ({ agentPage: page }) => {
    await open(page, '/minor-cosigners');
    const progress = page.getByRole('list', { name: 'Progress' });
    await page
      .getByLabel('Agreement (PDF)')
      .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is a program') });
    await expect(page.getByText('Please upload a PDF document')).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Upload Document');
    await expect(page.getByLabel('Agreement (PDF)')).toHaveValue('');
    // A real PDF chosen next is taken.
    await page
      .getByLabel('Agreement (PDF)')
      .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: await agreementPdf() });
    await expect(progress.locator('[aria-current="step"]')).toContainText('Parent Signature');
  });
});

test.describe('minor co-signer agreements on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the same flow at 390 px with signatures drawn by touch', async ({ agentPage: page }) => {
    await open(page, '/minor-cosigners');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const minor = unique('Riley Lee');
    await fillAgreement(page, minor);
    await signAndSubmit(page, minor, drawWithFinger);
    await downloadSealed(page, minor);
  });
});
