import { betterAuth } from 'better-auth';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SESSION_COOKIE_SECONDS } from './session-config.js';

export type AuthOptions = { db: Kysely<DB>; secret: string; baseURL: string; secureCookies: boolean };

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * better-auth owns passwords and sessions in our own tables. It is not mounted as a router: the session routes
 * call its API, so every auth request shares our error shape, rate limits and CSRF check.
 */
export function createAuth({ db, secret, baseURL, secureCookies }: AuthOptions) {
  return betterAuth({
    appName: 'Torque',
    baseURL,
    basePath: '/api/auth',
    secret,
    database: { db, type: 'postgres' },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
    },
    session: {
      modelName: 'sessions',
      // Torque renews sessions itself, to the length each began with (auth/actor.ts); better-auth never does.
      expiresIn: SESSION_COOKIE_SECONDS,
      updateAge: SESSION_COOKIE_SECONDS,
      disableSessionRefresh: true,
      // Turning two-factor sign-in off asks for the password again; how old the session is adds nothing to that.
      freshAge: 0,
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...timestamps },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'torque',
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: 'uuid' },
      // Torque's own CSRF check guards every state-changing request before it reaches better-auth.
      disableCSRFCheck: true,
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    plugins: [
      admin({
        defaultRole: 'agent',
        adminRoles: ['admin'],
        impersonationSessionDuration: SESSION_COOKIE_SECONDS,
        bannedUserMessage: 'This account is deactivated. Contact your system administrator.',
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
      // Codes from an authenticator app and one-time recovery codes; the secret and the codes are stored encrypted.
      twoFactor({
        issuer: 'Torque',
        // Its lock after ten wrong codes from anywhere let anyone with the password lock the owner out: the sign-in limits hold.
        accountLockout: { enabled: false },
        schema: {
          user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
          twoFactor: {
            modelName: 'two_factors',
            fields: {
              userId: 'user_id',
              backupCodes: 'backup_codes',
              failedVerificationCount: 'failed_verification_count',
              lockedUntil: 'locked_until',
            },
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
