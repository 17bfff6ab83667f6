import WebSocket from 'ws';
import type { RealtimeMessage } from '../../src/shared/realtime/events.js';

/** A browser tab's realtime socket: what it has received, and waits for what comes next. */
export type TestSocket = {
  received: RealtimeMessage[];
  /** The first message (already received or still to come) that `match` accepts. */
  next: (match: (message: RealtimeMessage) => boolean, timeoutMs?: number) => Promise<RealtimeMessage>;
  /** Resolves with the close code once the server has closed the socket. */
  closed: Promise<number>;
  close: () => void;
};

/**
 * Opens `/api/realtime` on `baseUrl` with `cookie`, as a page of `origin` would (addressed to `host` when given, as
 * a page whose name resolves to this machine would), once the server says it is ready.
 * Rejects with the HTTP status when the upgrade is refused.
 */
export function openSocket(baseUrl: string, cookie: string | null, origin = baseUrl, host?: string): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { ...(cookie ? { cookie } : {}), origin, ...(host ? { host } : {}) },
  });
  const received: RealtimeMessage[] = [];
  const waiters = new Set<{ match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }>();
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeMessage;
    received.push(message);
    for (const waiter of waiters) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  });
  const next: TestSocket['next'] = (match, timeoutMs = 5_000) => {
    const seen = received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (message: RealtimeMessage) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no matching realtime message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };
  const tab: TestSocket = { received, next, closed, close: () => socket.close() };
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (request, response) => {
      // Handling this event leaves the connection to us: end it, or the server would wait for it when closing.
      request.destroy();
      reject(Object.assign(new Error('refused'), { status: response.statusCode }));
    });
    socket.on('error', reject);
    void next((m) => m.type === 'ready').then(() => resolve(tab), reject);
    void closed.then((code) => reject(Object.assign(new Error('closed'), { code })));
  });
}
