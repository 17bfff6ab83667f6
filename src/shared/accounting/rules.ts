import type { Role } from '../users/roles.js';
import { can } from '../users/permissions.js';

/** Commission Management — every agent's rate and totals, and changing a rate — is for admins only. */
export const mayManageCommissions = (role: Role) => can({ role }, 'manageCommissions');
