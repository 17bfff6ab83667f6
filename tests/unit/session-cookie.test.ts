import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../../src/server/auth/actor.js';

const secret = 'one-secret-one-secret-one-secret-0123';
const other = 'two-secret-two-secret-two-secret-4567';
/** A session cookie as better-auth signs it: the token, a dot, the token's HMAC-SHA256 in base64, URI-encoded. */
const cookieOf = (token: string, key: string) =>
  `theme=dark; torque.session_token=${encodeURIComponent(`${token}.${crypto.createHmac('sha256', key).update(token).digest('base64')}`)}`;

describe('the session cookie', () => {
  it('gives its token when signed with the secret, each time it is sent', () => {
    const cookie = cookieOf('token-a', secret);
    expect(sessionToken(cookie, secret)).toBe('token-a');
    expect(sessionToken(cookie, secret)).toBe('token-a');
  });

  it('is refused under another secret, also after it was accepted under its own', () => {
    const cookie = cookieOf('token-b', secret);
    expect(sessionToken(cookie, secret)).toBe('token-b');
    expect(sessionToken(cookie, other)).toBeNull();
    expect(sessionToken(cookieOf('token-b', other), other)).toBe('token-b');
  });

  it('is refused when forged, every time, and a changed token is refused after the real one was accepted', () => {
    const real = cookieOf('token-c', secret);
    expect(sessionToken(real, secret)).toBe('token-c');
    const forged = cookieOf('token-d', other);
    for (let i = 0; i < 3; i++) expect(sessionToken(forged, secret)).toBeNull();
    expect(sessionToken(real.replace('token-c', 'token-e'), secret)).toBeNull();
    expect(sessionToken('torque.session_token=no-signature', secret)).toBeNull();
    expect(sessionToken(undefined, secret)).toBeNull();
  });
});
