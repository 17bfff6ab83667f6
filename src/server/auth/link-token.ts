import crypto from 'node:crypto';

/**
 * A secret link's token (an invitation, a calendar feed, a customer's quote): 32 random bytes, base64url, which
 * cannot be guessed. Only its SHA-256 is kept, so the link is shown or sent once and a copy of the database opens none.
 */
export const hashLinkToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function newLinkToken() {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** How a link token is written: what a request's path must match before it is looked up. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
