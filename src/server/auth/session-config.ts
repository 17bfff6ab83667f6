/** How long a session lasts, sliding: it is renewed to the full length while in use. */
export const SESSION_SECONDS = 8 * 60 * 60;
/** A session in use is renewed to a full SESSION_SECONDS once it is this old. */
export const SESSION_RENEW_AFTER_SECONDS = 60 * 60;
