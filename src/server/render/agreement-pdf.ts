import { PDFDocument } from 'pdf-lib';
import { formatDollars } from '../../shared/money.js';
import { PdfWriter, muted } from './pdf-writer.js';

/** 16 CFR 444.3(c): the notice a cosigner must be given before becoming obligated, word for word. */
export const FTC_COSIGNER_NOTICE = [
  'Notice to Cosigner',
  "You are being asked to guarantee this debt. Think carefully before you do. If the borrower doesn't pay the debt, you will have to. Be sure you can afford to pay if you have to, and that you want to accept this responsibility.",
  'You may have to pay up to the full amount of the debt if the borrower does not pay. You may also have to pay late fees or collection costs, which increase this amount.',
  'The creditor can collect this debt from you without first trying to collect from the borrower. The creditor can use the same collection methods against you that can be used against the borrower, such as suing you, garnishing your wages, etc. If this debt is ever in default, that fact may become a part of your credit record.',
  'This notice is not the contract that makes you liable for the debt.',
] as const;

export type SealSigner = {
  role: string;
  name: string;
  signedAt: string;
  receivedAt: string;
  ip: string;
  userAgent: string;
  consent: string;
  image: Uint8Array;
  imageSha256: string;
};

export type SealInput = {
  agreementId: string;
  company: string;
  original: Uint8Array;
  originalFileName: string;
  originalSha256: string;
  minor: { name: string; age: number; email: string | null; phone: string | null };
  parent: { name: string; email: string; phone: string; relationship: string };
  vehicle: string;
  amountCents: number;
  dealDate: string;
  turns18On: string;
  correctsId: string | null;
  signers: [SealSigner, SealSigner];
  sealedAt: Date;
};

/**
 * The sealed agreement: every page of the uploaded agreement as it was, then a signature page (both signatures, names,
 * relationship, the minor's age, vehicle, amount, times), the FTC's Notice to Cosigner, and an audit page with the
 * SHA-256 of the uploaded document and of each signature image. An uploaded PDF that cannot be read throws.
 */
export async function sealAgreement(input: SealInput): Promise<Buffer> {
  const source = await PDFDocument.load(input.original, { updateMetadata: false });
  const sealed = await PDFDocument.create();
  sealed.setTitle(`Minor co-signer agreement — ${input.minor.name}`);
  sealed.setAuthor(input.company);
  sealed.setCreator('Torque');
  sealed.setCreationDate(input.sealedAt);
  for (const page of await sealed.copyPages(source, source.getPageIndices())) sealed.addPage(page);

  const w = await PdfWriter.after(sealed);
  w.text('Signatures', { size: 18, bold: true, gap: 10 });
  w.text(`Agreement ${input.agreementId}`, { size: 9, color: muted, gap: 12 });
  w.text(`Minor: ${input.minor.name}, age ${input.minor.age} on ${input.dealDate} (18 by ${input.turns18On})`);
  if (input.minor.email || input.minor.phone) {
    w.text([input.minor.email, input.minor.phone].filter(Boolean).join(' · '), { size: 9, color: muted });
  }
  w.text(`Parent or guardian: ${input.parent.name} (${input.parent.relationship})`);
  w.text(`${input.parent.email} · ${input.parent.phone}`, { size: 9, color: muted });
  w.text(`Vehicle: ${input.vehicle}`);
  w.text(`Deal amount: ${formatDollars(input.amountCents, { exact: true })}`, { gap: 14 });
  if (input.correctsId) w.text(`Corrects agreement ${input.correctsId}`, { size: 9, color: muted, gap: 12 });
  for (const signer of input.signers) {
    w.text(`${signer.role}: ${signer.name}`, { bold: true, gap: 6 });
    await w.image(signer.image, 240);
    w.text(`Signed ${signer.signedAt} (received ${signer.receivedAt}) from ${signer.ip}`, { size: 8, color: muted, gap: 3 });
    w.paragraph(`Device: ${signer.userAgent}`, { size: 8, color: muted, gap: 3 });
    w.paragraph(`Consent given before signing: ${signer.consent}`, { size: 8, color: muted, gap: 3 });
    w.space(8);
  }

  w.pageBreak();
  const [title, ...paragraphs] = FTC_COSIGNER_NOTICE;
  w.text(title, { size: 18, bold: true, gap: 14 });
  for (const paragraph of paragraphs) w.paragraph(paragraph, { size: 11, gap: 5 });

  w.pageBreak();
  w.text('Audit', { size: 18, bold: true, gap: 12 });
  w.text(`Sealed by ${input.company} with Torque on ${input.sealedAt.toISOString()}`, { gap: 10 });
  w.text(`Original document: ${input.originalFileName} (${source.getPageCount()} pages, ${input.original.length} bytes)`);
  w.text(`SHA-256 ${input.originalSha256}`, { size: 9, gap: 10 });
  for (const signer of input.signers) {
    w.text(`${signer.role} signature image (PNG)`);
    w.text(`SHA-256 ${signer.imageSha256}`, { size: 9, gap: 10 });
  }
  w.paragraph(
    'Each SHA-256 above is of the bytes as received. The sealed file itself is hashed when it is stored; a copy whose ' +
      'bytes differ is refused on download.',
    { size: 9, color: muted },
  );
  return w.save();
}
