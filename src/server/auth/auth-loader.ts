import { onFirstUse } from '../first-use.js';
import type { Auth, AuthOptions } from './auth.js';

/** better-auth is needed only to sign in, switch and renew sessions; loading it on first use halves start-up. */
export type AuthLoader = () => Promise<Auth>;

export function lazyAuth(options: AuthOptions): AuthLoader {
  return onFirstUse(() => import('./auth.js').then((m) => m.createAuth(options)));
}

/** better-auth's own error, recognised without importing better-auth. */
export function isAuthError(error: unknown): error is Error & { statusCode: number; body?: { message?: string } } {
  return (
    error instanceof Error && error.name === 'APIError' && typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}
