import { can } from './permissions.js';

export const roles = ['admin', 'editor', 'agent'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = { admin: 'Admin', editor: 'Editor', agent: 'Agent' };

export const roleDescriptions: Record<Role, string> = {
  admin: 'Full system access',
  editor: 'Manage content and users',
  agent: 'Basic CRM operations',
};

/** Admins and editors work on every record; agents only on their own. */
export function seesAllRecords(role: Role): boolean {
  return can({ role }, 'seeAllRecords');
}

/** Who may change a record they can see: its owner, and admins and editors (a vehicle of the shared inventory too). */
export function mayChangeRecord(user: { id: string; role: Role }, ownerId: string): boolean {
  return seesAllRecords(user.role) || user.id === ownerId;
}
