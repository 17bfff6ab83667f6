/** The one JSON shape of every error the API returns. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'torque';

/** The answer of every other API route to a session that must still set up two-factor sign-in. */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';
