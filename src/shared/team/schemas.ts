import { z } from 'zod';
import { requiredName, requiredText } from '../common/fields.js';
import { roles } from '../users/roles.js';

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
export const ENTER_AN_EMAIL = 'Please enter an email address';
export const INVALID_EMAIL = 'Please enter a valid email address';

/** An e-mail address, required with `required` as its message; stored in lower case. */
const inviteEmail = (required: string) =>
  requiredText(254, required)
    .refine((v) => v === '' || z.email().safeParse(v).success, INVALID_EMAIL)
    .transform((v) => v.toLowerCase());

/**
 * The invite form of the agents and users pages: both fields or 'Please fill in all fields'. `send: false` makes the
 * link without mailing it ('Copy invite link').
 */
export const inviteSchema = z.object({
  email: inviteEmail(FILL_IN_ALL_FIELDS),
  role: z.enum(roles, FILL_IN_ALL_FIELDS),
  send: z.boolean().default(true),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** The settings page's Invite Users card: a non-blank e-mail; the role is chosen beside it. */
export const settingsInviteSchema = inviteSchema.extend({ email: inviteEmail(ENTER_AN_EMAIL) });

export const memberStatuses = ['active', 'pending', 'inactive'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** What an admin (or, for agents, an editor) changes on a team member: activate, deactivate, or the role. */
export const memberUpdateSchema = z
  .object({ status: z.enum(['active', 'inactive']).optional(), role: z.enum(roles).optional() })
  .refine((v) => v.status !== undefined || v.role !== undefined, 'Nothing to change');
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password: length only, no composition rules (NIST SP 800-63B); the server also refuses common ones. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const invitationTokenParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'Not found') });

export const acceptInvitationSchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, 'This invitation link is not valid'),
  name: requiredName(120, 'Name is required'),
  password: newPasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
