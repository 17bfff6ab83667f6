import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the peer accepted, with the form Torque posted. */
export type PeerMessage = { sid: string; form: Record<string, string> };

export type TwilioPeer = {
  /** The API's base address, to give Torque as TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted, in order. */
  messages: PeerMessage[];
  /** Every request, with the status the peer answered. */
  requests: { method: string; path: string; status: number }[];
  /** Answers the next `count` message requests with `status` (Twilio's error body) instead of 201. */
  failNext: (count: number, status?: number) => void;
  /** Resolves once `count` messages have been accepted (rejects after `timeoutMs` with how many arrived). */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<PeerMessage[]>;
  close: () => Promise<void>;
};

/** Twilio's magic test number for an invalid 'To' (https://www.twilio.com/docs/iam/test-credentials). */
export const INVALID_NUMBER = '+15005550001';

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

/**
 * X-Twilio-Signature as Twilio documents it (https://www.twilio.com/docs/usage/security), written here apart from
 * Torque's own: base64 of HMAC-SHA1, keyed with the Auth Token, of the URL followed by each parameter's name and
 * value in the order of their names.
 */
export function signTwilio(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/**
 * A local HTTP server speaking the part of Twilio's REST API Torque uses, as documented: reading the account
 * (GET /2010-04-01/Accounts/{Sid}.json) and creating a message (POST …/Messages.json, form-encoded, HTTP Basic auth),
 * answered with Twilio's JSON shapes and error bodies ({ code, message, more_info, status }).
 */
export async function startTwilioPeer(): Promise<TwilioPeer> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const messages: PeerMessage[] = [];
  const requests: TwilioPeer['requests'] = [];
  const waiters = new Set<() => void>();
  let failures = { count: 0, status: 500 };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://peer').pathname;
      const answer = (status: number, body: object) => {
        requests.push({ method: request.method ?? '', path, status });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (request.headers.authorization !== expectedAuth) return error(401, 20003, 'Authenticate');
      if (request.method === 'GET' && path === `/2010-04-01/Accounts/${accountSid}.json`) {
        return answer(200, { sid: accountSid, status: 'active', friendly_name: 'Peer account' });
      }
      if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return error(404, 20404, 'The requested resource was not found');
      }
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return error(400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (failures.count > 0) {
        failures.count--;
        return error(failures.status, 20500, 'Internal Server Error');
      }
      if (!form.To) return error(400, 21604, "A 'To' phone number is required.");
      if (!form.From && !form.MessagingServiceSid) return error(400, 21603, "A 'From' phone number is required.");
      if (!form.Body) return error(400, 21602, 'Message body is required.');
      if (form.To === INVALID_NUMBER) return error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
      const sid = `SM${hex(16)}`;
      messages.push({ sid, form });
      answer(201, {
        sid,
        account_sid: accountSid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    waitForMessages(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the Twilio peer received ${messages.length} of ${count} messages`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
