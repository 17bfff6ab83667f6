import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { oneLineName } from '../../src/shared/common/fields.js';
import { unmatchedTextLeadSchema } from '../../src/shared/conversations/unmatched.js';
import { agreementFormSchema } from '../../src/shared/cosigners/schemas.js';
import { customerInputSchema } from '../../src/shared/customers/schemas.js';
import { dealInputSchema } from '../../src/shared/deals/schemas.js';
import { customerImportSchema } from '../../src/shared/imports/schemas.js';
import { manualLeadSchema, webLeadSchema } from '../../src/shared/leads/schemas.js';
import { acceptInvitationSchema } from '../../src/shared/team/schemas.js';
import { profileSchema } from '../../src/shared/users/schemas.js';
import { vehicleFormSchema, vehicleInputSchema } from '../../src/shared/vehicles/schemas.js';

/**
 * Every field that takes a person's name refuses a line break or a control character with one message: a name is one
 * line wherever it is written (an invitation's CN= parameter, RFC 5545 §3.2, may hold no control character at all).
 */
const MESSAGE = 'A name cannot contain line breaks or control characters';

const nameFields: [string, z.ZodType, string][] = [
  ['the profile (PATCH /api/users/me)', profileSchema, 'name'],
  ['an accepted invitation', acceptInvitationSchema, 'name'],
  ['a customer', customerInputSchema, 'name'],
  ['a customer’s referrer', customerInputSchema, 'referred_by_name'],
  ['an imported customer', customerImportSchema, 'name'],
  ['an imported customer’s referrer', customerImportSchema, 'referred_by_name'],
  ['a lead added by hand', manualLeadSchema, 'name'],
  ['a lead from the public web form', webLeadSchema, 'name'],
  ['a lead from an unmatched text', unmatchedTextLeadSchema, 'name'],
  ['a minor co-signer agreement’s minor', agreementFormSchema, 'minor_name'],
  ['a minor co-signer agreement’s parent', agreementFormSchema, 'parent_name'],
  ['a deal’s customer', dealInputSchema, 'customer_name'],
  ['a deal’s agent', dealInputSchema, 'agent_name'],
  ['a vehicle’s contact (form)', vehicleFormSchema, 'contact_name'],
  ['a vehicle’s contact (API)', vehicleInputSchema, 'contact_name'],
];

/** The message a schema gives the field for `value`, or undefined when the field is accepted (other fields aside). */
function messageFor(schema: z.ZodType, field: string, value: string) {
  const result = schema.safeParse({ [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('a person’s name', () => {
  it.each(nameFields)('of %s refuses CR, LF, TAB, other C0 and C1 controls, DEL and U+2028', (_, schema, field) => {
    for (const value of [
      'Sam\r\nEND:VEVENT\r\nBEGIN:VEVENT',
      'Sam\rSeller',
      'Sam\nSeller',
      'Sam\tSeller',
      'Sam\u0007Seller',
      'Sam\u007fSeller',
      'Sam\u0085Seller',
      'Sam\u2028Seller',
    ]) {
      expect(messageFor(schema, field, value), JSON.stringify(value)).toBe(MESSAGE);
    }
  });

  it.each(nameFields)('of %s takes accents, apostrophes, quotes and commas', (_, schema, field) => {
    expect(messageFor(schema, field, 'José Peñasco-O’Brien, "Pepe" Ñúñez')).toBeUndefined();
  });

  it('from another program is made one line: each run of controls or line breaks one space', () => {
    expect(oneLineName('Ana\u0085Lucía\r\n\r\nPeña\u0001 \u2029END:VEVENT\t')).toBe('Ana Lucía Peña END:VEVENT');
  });
});
