import { z } from 'zod';
// Its checks speak plain words even when this module is the first of src/shared a screen loads.
import '../common/plain-errors.js';
import type { TwoFactorRule } from '../settings/schemas.js';
import type { Role } from '../users/roles.js';
import { can } from '../users/permissions.js';

/** Whom the security setting 'Require two-factor sign-in' holds to it: admins only, or everyone. */
export function twoFactorRequired(rule: TwoFactorRule, role: Role): boolean {
  return rule === 'everyone' || can({ role }, 'alwaysTwoFactor');
}

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Two-factor sign-in is required for your account. Set it up to continue.';
export const TWO_FACTOR_OFF_REFUSED_MESSAGE =
  'Two-factor sign-in is required for your role by the security settings, so it cannot be turned off.';

/**
 * Where the session stands: two-factor sign-in on for the user, required for their role, and still to be set up
 * (required, off, and the session not a demo or switched one), which confines the session to enrolment.
 */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  setupNeeded: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const ENTER_THE_CODE = 'Enter the 6-digit code from your authenticator app';
export const ENTER_CODE_OR_RECOVERY_CODE = 'Enter the 6-digit code or a recovery code';

/** A code as people type it: spaces anywhere are dropped; a recovery code may leave out its dash. */
const typedCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/\s+/g, ''));
const SIX_DIGITS = /^\d{6}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** The second step of sign-in: a code from the app, or one of the recovery codes (each works once). */
export const twoFactorSignInSchema = z.object({
  code: typedCode.refine((v) => SIX_DIGITS.test(v) || RECOVERY_CODE.test(v), ENTER_CODE_OR_RECOVERY_CODE),
  trustDevice: z.boolean().optional(),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code);
/** Recovery codes are stored as 'abcde-12345'; the dash may be left out when typing one. */
export const recoveryCodeOf = (code: string) => `${code.slice(0, 5)}-${code.slice(-5)}`;

/** Starting or stopping two-factor sign-in asks for the password again. */
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1, 'Enter your password').max(128) });
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordSchema>;

/** Confirms an enrolment with the first code the app shows. */
export const twoFactorVerifySchema = z.object({ code: typedCode.pipe(z.string().regex(SIX_DIGITS, ENTER_THE_CODE)) });
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;

/** An enrolment begun: the app's setup link (for the QR code), its secret for typing in, and the recovery codes. */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** The answer to a right password when the account has two-factor sign-in on: the code comes next. */
export const twoFactorChallengeSchema = z.object({ twoFactor: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
