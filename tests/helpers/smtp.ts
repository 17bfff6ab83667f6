import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the peer accepted: the envelope, and the parsed message. */
export type ReceivedMail = {
  from: string;
  /** The From header's addresses as a mail program reads them: each display name decoded (RFC 2047), and its address. */
  sender: { name: string; address: string }[];
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Every header as written, by its lower-case name. */
  headers: Record<string, string>;
  /** The iCalendar parts (text/calendar), as sent. */
  calendars: { method: string | null; content: string }[];
};

export type SmtpPeer = {
  /** SMTP_URL for Torque. */
  url: string;
  /** Accepted messages, in the order they arrived. */
  received: ReceivedMail[];
  /** How many deliveries were refused by `failNext`. */
  refused: number;
  /** Resolves once `count` messages have been accepted (rejects after `timeoutMs` with what did arrive). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** Refuses the next `count` messages at the end of DATA with `code` (451: try again later; 550: refused for good). */
  failNext: (count: number, code?: number) => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free port of this machine, keeping what it receives. `acceptDelayMs` makes it take that long
 * to accept each message, as a busy mail server does. With `auth` it asks for a sign-in (PLAIN or LOGIN, over the
 * plain connection) and refuses any other user name or password, as a mailbox's own server does.
 */
export async function startSmtpPeer({
  acceptDelayMs = 0,
  auth,
}: { acceptDelayMs?: number; auth?: { user: string; pass: string } } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = { count: 0, code: 451 };

  const peer: SmtpPeer = {
    url: '',
    received,
    refused: 0,
    waitFor: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages at the SMTP peer, ${received.length} arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    failNext: (count, code = 451) => {
      failures = { count, code };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: !auth,
    // No STARTTLS: the peer has no certificate a client would trust, and the test needs none.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) return callback(null, { user: login.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (failures.count > 0) {
          failures.count--;
          peer.refused++;
          const refusal = failures.code >= 500 ? 'Mailbox unavailable' : 'Try again later';
          return callback(Object.assign(new Error(refusal), { responseCode: failures.code }));
        }
        if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
        const parsed = await simpleParser(Buffer.concat(chunks));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          sender: (parsed.from?.value ?? []).map(({ name, address }) => ({ name, address: address ?? '' })),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html || null,
          headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()])),
          calendars: parsed.attachments
            .filter((part) => part.contentType === 'text/calendar')
            .map((part) => {
              const type = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
              return { method: type?.params?.method ?? null, content: part.content.toString('utf8') };
            }),
        });
        callback();
        for (const waiter of [...waiters]) waiter();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return peer;
}
