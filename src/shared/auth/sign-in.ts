import { z } from 'zod';
import { roles } from '../users/roles.js';

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

/** What the browser knows of the session: the user it acts as, and the admin behind it while switched. */
export const sessionSchema = z.object({
  user: sessionUserSchema,
  impersonator: sessionUserSchema.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const publicConfigSchema = z.object({ demo: z.boolean() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
