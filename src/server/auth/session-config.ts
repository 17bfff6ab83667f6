/**
 * The longest session the security settings allow (720 hours), and so the session cookie's lifetime. A session's own
 * length comes from the settings when it begins and is kept on its row (`sessions.lifetime_seconds`); the server
 * checks `expires_at` on every request, so the cookie outliving the session lets no one in.
 */
export const SESSION_COOKIE_SECONDS = 720 * 60 * 60;
/** A session in use is renewed to its full length once this much of it has passed. */
export const SESSION_RENEW_AFTER_SECONDS = 60 * 60;
