import { defineArea } from '../../platform/area.js';
import { authRoutes } from './routes.js';

/** What other areas use of session: its front door. */
export { demoPassword, describeIssuedSession } from './service.js';
export { passwordSignIn } from './sign-in.js';

export const sessionArea = defineArea({
  name: 'session',
  routes: authRoutes,
  exportTables: {
    accounts: { excluded: 'sign-in secrets: password hashes and provider tokens' },
    rate_limits: { excluded: 'sign-in and request counters' },
    sessions: { excluded: 'session tokens' },
    two_factors: { excluded: 'two-factor secrets and recovery codes' },
    verifications: { excluded: 'verification tokens' },
  },
});
