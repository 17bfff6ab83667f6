import { z } from 'zod';
import { dollars, nameText, optionalCalendarDay, optionalText, recordId, text } from '../common/fields.js';

export const MINOR_NAME_MESSAGE = "Minor's name must be at least 2 characters";
export const MINOR_AGE_MESSAGE = 'Age must be between 1 and 17';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_MESSAGE = 'Please enter a valid phone number';
export const PARENT_NAME_MESSAGE = 'Parent/Guardian name must be at least 2 characters';
export const RELATIONSHIP_MESSAGE = 'Please specify relationship';
export const VEHICLE_MESSAGE = 'Please provide vehicle details';
export const AMOUNT_MESSAGE = 'Please enter deal amount';
export const PDF_MESSAGE = 'Please upload a PDF document';
export const SIGNATURES_MESSAGE = 'Please complete all signature steps before submitting';
/** The spec's prompt, enforced: a PDF of at most 10 MB. */
export const PDF_LIMIT_BYTES = 10 * 1024 * 1024;
export const PDF_LIMIT_MESSAGE = 'PDF files only, up to 10MB';
/** Every PDF file begins with these bytes, whatever it is named. */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const PDF_HEADER_LENGTH = PDF_HEADER.length;
export const startsAsPdf = (firstBytes: Uint8Array) => PDF_HEADER.every((byte, i) => firstBytes[i] === byte);

const atLeast = (min: number, max: number, message: string) => text(max).min(min, message);
const nameOfAtLeast = (min: number, max: number, message: string) => nameText(max).min(min, message);
const email = (message: string) => text(254).pipe(z.email({ error: message }));

/** The customer information form, with the spec's messages. */
export const agreementFormSchema = z.object({
  minor_name: nameOfAtLeast(2, 120, MINOR_NAME_MESSAGE),
  minor_age: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: MINOR_AGE_MESSAGE }).int(MINOR_AGE_MESSAGE).min(1, MINOR_AGE_MESSAGE).max(17, MINOR_AGE_MESSAGE),
  ),
  minor_email: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, EMAIL_MESSAGE),
  minor_phone: optionalText(40),
  parent_name: nameOfAtLeast(2, 120, PARENT_NAME_MESSAGE),
  parent_email: email(EMAIL_MESSAGE),
  parent_phone: atLeast(10, 40, PHONE_MESSAGE),
  parent_relationship: atLeast(1, 60, RELATIONSHIP_MESSAGE),
  vehicle_details: atLeast(5, 500, VEHICLE_MESSAGE),
  deal_amount: dollars(AMOUNT_MESSAGE).refine((v) => v >= 1, AMOUNT_MESSAGE),
  notes: optionalText(2000),
  /** The day of the deal (today when blank): with the age, the day the minor turns 18. */
  deal_date: optionalCalendarDay(),
  /** An existing customer the agreement belongs to; a new customer is made for the minor when absent. */
  customer_id: recordId.optional(),
  deal_id: recordId.optional(),
  /** The sealed agreement this one corrects. */
  corrects_id: recordId.optional(),
});
export type AgreementForm = z.input<typeof agreementFormSchema>;

/** The words each signer agrees to before signing; stored with the signature and printed on the seal. */
export const signingConsent = (signer: string, role: 'parent' | 'minor', vehicle: string) =>
  `I, ${signer}, agree to sign this ${role === 'parent' ? 'co-signer' : 'minor'} agreement for ${vehicle} electronically. ` +
  'My electronic signature has the same effect as my handwritten signature. I may ask for a paper copy of this ' +
  'agreement at any time, at no charge, and may withdraw my consent to sign electronically before I sign.';

export const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** A drawn signature: the pad's PNG, when it was drawn, and the consent ticked before it. */
export const drawnSignatureSchema = z.object(
  {
    image: z
      .string({ error: SIGNATURES_MESSAGE })
      .max(700_000, 'The signature image is too large')
      .regex(PNG_DATA_URL, SIGNATURES_MESSAGE),
    signed_at: z.iso.datetime({ offset: true, error: SIGNATURES_MESSAGE }),
    consent: z.literal(true, { error: 'Tick the consent to sign electronically' }),
  },
  { error: SIGNATURES_MESSAGE },
);
export type DrawnSignature = z.infer<typeof drawnSignatureSchema>;

/** The `data` field of POST /api/minor-agreements (the PDF is the multipart file after it). */
export const agreementSubmitSchema = agreementFormSchema.extend({
  parent_signature: drawnSignatureSchema,
  minor_signature: drawnSignatureSchema,
});
export type AgreementSubmit = z.output<typeof agreementSubmitSchema>;

/** The day a minor of `age` on `dealDate` has turned 18 at the latest: (18 − age) years after the deal. */
export function turns18On(dealDate: string, age: number): string {
  const [year, month, day] = dealDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year + 18 - age, month - 1, day));
  // 29 February of a year that has none rolls to 1 March.
  return date.toISOString().slice(0, 10);
}
