import { expect } from 'vitest';
import { totp } from './totp.js';

/** The first admin a server process creates at start, from ADMIN_EMAIL and ADMIN_PASSWORD. */
export type ServerAdmin = { email: string; password: string };

export const adminEnv = (admin: ServerAdmin) => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

/** The cookies a response sets, as the Cookie header of the next request. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A request as the signed-in browser sends it: its cookie and the header every write carries. */
export const call = (url: string, cookie: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { 'x-requested-with': 'torque', cookie, ...(init.headers as Record<string, string>) } });

const json = { 'content-type': 'application/json' };

/**
 * Signs `admin` in to a server at a base URL and answers the session cookie. The security settings hold admins to
 * two-factor sign-in: the first sign-in enrols an authenticator, later ones (on any server of the same data) answer
 * with its code.
 */
export function adminSignIn(admin: ServerAdmin): (url: string) => Promise<string> {
  let authenticatorSecret: string | undefined;
  return async (url) => {
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { ...json, 'x-requested-with': 'torque' },
      body: JSON.stringify(admin),
    });
    expect(response.status).toBe(200);
    const cookie = cookiesOf(response);
    const answer = (await response.json()) as { twoFactor: true } | { twoFactor: { setupNeeded: boolean } };
    if (answer.twoFactor === true) {
      const body = JSON.stringify({ code: totp(authenticatorSecret!) });
      const signedIn = await call(`${url}/api/session/two-factor`, cookie, { method: 'POST', headers: json, body });
      expect(signedIn.status).toBe(200);
      return cookiesOf(signedIn);
    }
    if (!answer.twoFactor.setupNeeded) return cookie;
    const body = JSON.stringify({ password: admin.password });
    const started = await call(`${url}/api/users/me/two-factor`, cookie, { method: 'POST', headers: json, body });
    authenticatorSecret = ((await started.json()) as { secret: string }).secret;
    const code = JSON.stringify({ code: totp(authenticatorSecret) });
    const enrolled = await call(`${url}/api/users/me/two-factor/verify`, cookie, { method: 'POST', headers: json, body: code });
    expect(enrolled.status).toBe(200);
    return cookiesOf(enrolled);
  };
}
