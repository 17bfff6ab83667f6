import { roleLabels, type Role } from '../users/roles.js';

/** Who may invite, activate and deactivate whom: admins anyone, editors agents only, agents no one. */
export function mayManage(actorRole: Role, memberRole: Role): boolean {
  return actorRole === 'admin' || (actorRole === 'editor' && memberRole === 'agent');
}

/** Only admins change roles. */
export const mayChangeRoles = (actorRole: Role) => actorRole === 'admin';

/** The roles an actor may invite someone as. */
export const invitableRoles = (actorRole: Role): Role[] =>
  actorRole === 'admin' ? ['admin', 'editor', 'agent'] : actorRole === 'editor' ? ['agent'] : [];

/** Whether someone of `inviterRole` may invite someone as `role`: checked when inviting and again when accepting. */
export const mayInvite = (inviterRole: Role, role: Role) => invitableRoles(inviterRole).includes(role);

/** The error code of an invitation whose inviter has since lost the right to make it (deactivated or demoted). */
export const INVITATION_WITHDRAWN = 'INVITATION_WITHDRAWN';

export const invitationWithdrawnMessage = (role: Role) =>
  `The person who invited you can no longer invite anyone as ${roleLabels[role]}, so this link no longer works. Ask an admin for a new invitation.`;

export const INVITATION_DAYS = 7;
