/**
 * Every code an API error carries, and no other: the server's errors accept only these, so a new code is added here,
 * on purpose, where the web app reads them too. One code per status where the status says it all (413, 415).
 */
export const errorCodes = [
  // 400
  'VALIDATION',
  'BAD_REQUEST',
  'BAD_UPLOAD',
  // 401
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'INVALID_CODE',
  'TWO_FACTOR_EXPIRED',
  'BAD_SIGNATURE',
  // 403
  'FORBIDDEN',
  'FORBIDDEN_HOST',
  'CSRF',
  'TWO_FACTOR_REQUIRED',
  'INVITATION_WITHDRAWN',
  // 404, 406, 409, 410
  'NOT_FOUND',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'STALE',
  'DUPLICATE_CUSTOMER',
  'OPTED_OUT',
  'TAMPERED',
  'UNDO_EXPIRED',
  'GONE',
  // 413, 415, 429
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  // Any other status better-auth answers with, and 500
  'AUTH',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The record a refused write would have duplicated, when the actor may see it (an existing customer for a deal's new
 * one): its id and name, and what else the screen offering it needs.
 */
export type ErrorMatch = { id: string; name: string } & Record<string, string | null>;

/** The one JSON shape of every error the API returns. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; match?: ErrorMatch };
};

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'torque';

/** The answer of every other API route to a session that must still set up two-factor sign-in. */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED' satisfies ErrorCode;
