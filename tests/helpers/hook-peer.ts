import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the peer received: its headers, raw body, parsed JSON, and whether its signature checked out. */
export type ReceivedCall = {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  /** The status the peer answered with. */
  answered: number;
};

export type HookPeer = {
  /** The peer's address, http://127.0.0.1:port/hook. */
  url: string;
  /** Every call, in the order it arrived, failed ones included. */
  calls: ReceivedCall[];
  /** The secret calls are checked against (set it once the endpoint's secret is known). */
  secret: string;
  /** Answers the next `count` calls with `status` instead of 200. */
  failNext: (count: number, status?: number) => void;
  /** Resolves once `count` calls have been answered 2xx (rejects after `timeoutMs` with what arrived). */
  waitForAccepted: (count: number, timeoutMs?: number) => Promise<ReceivedCall[]>;
  close: () => Promise<void>;
};

/**
 * A real HTTP server on a free loopback port that receives Torque's webhook calls and verifies each signature as a
 * receiver would: sha256= HMAC-SHA256 of `${X-Torque-Timestamp}.${body}` with the endpoint's secret.
 */
export async function startHookPeer(): Promise<HookPeer> {
  const calls: ReceivedCall[] = [];
  const waiters = new Set<() => void>();
  let failures = { count: 0, status: 500 };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-torque-timestamp'] ?? '');
      const expected = `sha256=${crypto.createHmac('sha256', peer.secret).update(`${timestamp}.${raw}`).digest('hex')}`;
      const given = String(request.headers['x-torque-signature'] ?? '');
      const signatureValid =
        given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      const answered = failures.count > 0 ? (failures.count--, failures.status) : 200;
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // kept raw
      }
      calls.push({ headers: request.headers, raw, body, signatureValid, answered });
      response.writeHead(answered, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const accepted = () => calls.filter((call) => call.answered >= 200 && call.answered < 300);
  const peer: HookPeer = {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    secret: '',
    failNext(count, status = 500) {
      failures = { count, status };
    },
    waitForAccepted(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (accepted().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(accepted());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${accepted().length} of ${count} calls accepted: ${JSON.stringify(calls.map((c) => c.answered))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return peer;
}
