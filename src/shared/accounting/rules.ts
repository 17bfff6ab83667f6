import type { Role } from '../users/roles.js';

/** Commission Management — every agent's rate and totals, and changing a rate — is for admins only. */
export const mayManageCommissions = (role: Role) => role === 'admin';
