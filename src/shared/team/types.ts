import { z } from 'zod';
import { roles } from '../users/roles.js';
import { memberStatuses } from './schemas.js';

/**
 * One row of the agents and users tables: a user, or an open invitation (status pending, `invitation_id` set, no
 * name yet). Total sales are completed deals' contract prices in cents.
 */
export const teamMemberSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'invitation']),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(memberStatuses),
  last_login_at: z.string().nullable(),
  total_sales_cents: z.number(),
  deals_count: z.number(),
  /** An invitation's expiry. */
  expires_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.object({ members: z.array(teamMemberSchema) });

/** An invitation just made; `link` carries its token and is shown only now. */
export const createdInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  expires_at: z.string(),
  link: z.string(),
  /** Mailed (Send Invitation) rather than only made (Copy invite link). */
  sent: z.boolean(),
  /** Mailed, but there is no mail server: the mail waits in the outbox, and the link is the way to reach them. */
  held: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** What the accept page shows before the person sets a name and password. */
export const invitationPreviewSchema = z.object({ email: z.string(), role: z.enum(roles), expires_at: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
