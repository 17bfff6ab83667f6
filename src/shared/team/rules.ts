import type { ErrorCode } from '../http/errors.js';
import { can } from '../users/permissions.js';
import { roleLabels, roles, type Role } from '../users/roles.js';

/** Who may invite, activate and deactivate whom: admins anyone, editors agents only, agents no one. */
export function mayManage(actorRole: Role, memberRole: Role): boolean {
  return invitableRoles(actorRole).includes(memberRole);
}

export const LAST_ADMIN = 'At least one active admin must remain';
export const OWN_ACCOUNT = 'You cannot deactivate your own account';

/**
 * Why the actor may not deactivate this active member now, or null when they may: never themselves (they would be
 * signed out mid-action), nor the last active admin. The server refuses with it and the switch is disabled by it.
 */
export function deactivationRefusal(actorId: string, member: { id: string; role: Role }, activeAdmins: number): string | null {
  if (member.id === actorId) return OWN_ACCOUNT;
  if (can(member, 'admin') && activeAdmins <= 1) return LAST_ADMIN;
  return null;
}

/** Only admins change roles. */
export const mayChangeRoles = (actorRole: Role) => can({ role: actorRole }, 'manageTeam');

/** The roles an actor may invite someone as. */
export const invitableRoles = (actorRole: Role): Role[] =>
  can({ role: actorRole }, 'manageTeam') ? [...roles] : can({ role: actorRole }, 'manageAgents') ? ['agent'] : [];

/** Whether someone of `inviterRole` may invite someone as `role`: checked when inviting and again when accepting. */
export const mayInvite = (inviterRole: Role, role: Role) => invitableRoles(inviterRole).includes(role);

/** The error code of an invitation whose inviter has since lost the right to make it (deactivated or demoted). */
export const INVITATION_WITHDRAWN = 'INVITATION_WITHDRAWN' satisfies ErrorCode;

export const invitationWithdrawnMessage = (role: Role) =>
  `The person who invited you can no longer invite anyone as ${roleLabels[role]}, so this link no longer works. Ask an admin for a new invitation.`;

export const INVITATION_DAYS = 7;
