import type { Role } from '../users/roles.js';

/** Who may invite, activate and deactivate whom: admins anyone, editors agents only, agents no one. */
export function mayManage(actorRole: Role, memberRole: Role): boolean {
  return actorRole === 'admin' || (actorRole === 'editor' && memberRole === 'agent');
}

/** Only admins change roles. */
export const mayChangeRoles = (actorRole: Role) => actorRole === 'admin';

/** The roles an actor may invite someone as. */
export const invitableRoles = (actorRole: Role): Role[] =>
  actorRole === 'admin' ? ['admin', 'editor', 'agent'] : actorRole === 'editor' ? ['agent'] : [];

export const INVITATION_DAYS = 7;
