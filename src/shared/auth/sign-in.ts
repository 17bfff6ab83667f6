import { z } from 'zod';
// Its checks speak plain words even when this module is the first of src/shared a screen loads.
import '../common/plain-errors.js';
import { roles } from '../users/roles.js';
import { twoFactorChallengeSchema, twoFactorStatusSchema } from './two-factor.js';

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Required').email('Invalid email'),
  password: z.string().min(1, 'Required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const demoSignInSchema = z.object({ role: z.enum(['admin', 'agent']) });
export type DemoRole = z.infer<typeof demoSignInSchema>['role'];

export const switchUserSchema = z.object({ userId: z.string().uuid() });

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What the browser knows of the session: the user it acts as, the admin behind it while switched, where it stands
 * with two-factor sign-in, and the company's time zone, in which forms read "today" (Settings → Company).
 */
export const sessionSchema = z.object({
  user: sessionUserSchema,
  impersonator: sessionUserSchema.nullable(),
  twoFactor: twoFactorStatusSchema,
  timeZone: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A password sign-in answers the session, or, for an account with two-factor sign-in on, that a code comes next. */
export const signInResultSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const publicConfigSchema = z.object({ demo: z.boolean() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
