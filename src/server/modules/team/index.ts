import { defineArea } from '../../platform/area.js';
import { teamRoutes } from './routes.js';

export const teamArea = defineArea({
  name: 'team',
  routes: teamRoutes,
  changes: ['team'],
  exportTables: { invitations: { omit: { token_hash: 'the hash of the link that sets a password' } } },
});
