import type { Role } from './roles.js';

/**
 * What each role may do, in one table read by both sides: the web's `can` shows or hides, the server's `requireRole`
 * and `hasRole` (server/auth/scope.ts) refuse or ask. No other module compares roles.
 */
export const permissions = {
  /** Anything admins alone do: the server's `requireRole(actor, 'admin')`. */
  admin: ['admin'],
  /** Anything admins and editors do beside agents: the server's `requireRole(actor, 'editor')`. */
  editor: ['admin', 'editor'],
  /** Work on every record rather than only one's own. */
  seeAllRecords: ['admin', 'editor'],
  /** Invite, activate and deactivate members of any role, and change roles; editors manage agents only. */
  manageTeam: ['admin'],
  /** Invite, activate and deactivate agents. */
  manageAgents: ['admin', 'editor'],
  /** Change the company's settings (the others read them). */
  editSettings: ['admin'],
  /** Read and release the outbox, and see whether mail can leave. */
  readOutbox: ['admin'],
  /** Work as another user (an agent) and back. */
  switchUser: ['admin'],
  /** Be the one an admin switches to. */
  beSwitchedTo: ['agent'],
  /** Download the full export of every table. */
  fullExport: ['admin'],
  /** Read and write in the admins' chat channel. */
  adminChatChannel: ['admin'],
  /** Connect accounts and endpoints for the whole company rather than one's own. */
  connectForCompany: ['admin'],
  /** Every agent's commission rate and totals, and changing a rate. */
  manageCommissions: ['admin'],
  /** Held to two-factor sign-in even when the security setting asks it of admins only. */
  alwaysTwoFactor: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof permissions;

/** Whether someone of this role may do the action. */
export const can = (actor: { role: Role }, action: Action): boolean =>
  (permissions[action] as readonly Role[]).includes(actor.role);
