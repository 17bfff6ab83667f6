import { ImapFlow } from 'imapflow';
import { createTransport, type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Sealer } from '../auth/sealed.js';
import type { DB } from '../db/schema.js';

/** How Torque reaches one mailbox: its servers, and the password or OAuth2 access token, opened. */
export type MailboxAccess = {
  address: string;
  username: string;
  auth: 'password' | 'xoauth2';
  secret: string;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  smtp_host: string;
  smtp_port: number;
  smtp_tls: boolean;
};

const SECONDS = 1000;

/**
 * An IMAP client for the mailbox (not yet connected). Without `imap_tls` the connection moves to TLS when the server
 * offers STARTTLS. IDLE is imapflow's own: after a moment with no command it waits for the server's news.
 */
export function imapClient(access: MailboxAccess, options: { autoIdleDelay?: number } = {}) {
  return new ImapFlow({
    host: access.imap_host,
    port: access.imap_port,
    secure: access.imap_tls,
    auth:
      access.auth === 'xoauth2'
        ? { user: access.username, accessToken: access.secret }
        : { user: access.username, pass: access.secret },
    logger: false,
    connectionTimeout: 15 * SECONDS,
    greetingTimeout: 15 * SECONDS,
    socketTimeout: 5 * 60 * SECONDS,
    // IDLE is renewed every 5 minutes: some servers drop a session that has been idle for longer.
    maxIdleTime: 5 * 60 * SECONDS,
    autoIdleDelay: options.autoIdleDelay,
  });
}

/** An SMTP transport for the mailbox; without `smtp_tls` it moves to TLS when the server offers STARTTLS. */
export function smtpTransport(access: MailboxAccess): Transporter {
  return createTransport({
    host: access.smtp_host,
    port: access.smtp_port,
    secure: access.smtp_tls,
    auth:
      access.auth === 'xoauth2'
        ? { type: 'OAuth2', user: access.username, accessToken: access.secret }
        : { user: access.username, pass: access.secret },
    connectionTimeout: 15 * SECONDS,
    greetingTimeout: 15 * SECONDS,
    socketTimeout: 60 * SECONDS,
  });
}

/** The mailbox a mail leaves through, its secret opened (and sealed again under the current key when it was older). */
export async function mailboxAccess(db: Kysely<DB>, sealer: Sealer, id: string): Promise<MailboxAccess | null> {
  const row = await db
    .selectFrom('mailboxes')
    .select(['address', 'username', 'auth', 'secret', 'imap_host', 'imap_port', 'imap_tls', 'smtp_host', 'smtp_port', 'smtp_tls'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const secret = sealer.open(row.secret);
  if (sealer.stale(row.secret)) {
    await db
      .updateTable('mailboxes')
      .set({ secret: sealer.seal(secret) })
      .where('secret', '=', row.secret)
      .execute();
  }
  return { ...row, secret };
}

/**
 * Keeps a copy of a mail sent through the mailbox's SMTP server in its Sent folder (the folder marked \Sent, else one
 * named Sent), as a mail program does, so it sits beside the user's other sent mail. Servers that file what they send
 * themselves (Gmail) are known by the copy they already hold: a mail with this Message-ID is not added twice.
 */
export async function keepInSent(access: MailboxAccess, raw: Buffer, messageId: string) {
  const client = imapClient(access);
  await client.connect();
  try {
    const folders = await client.list();
    const sent =
      folders.find((folder) => folder.specialUse === '\\Sent') ?? folders.find((folder) => /^sent$/i.test(folder.name));
    if (!sent) return false;
    const lock = await client.getMailboxLock(sent.path);
    try {
      const found = await client.search({ header: { 'message-id': messageId } }, { uid: true });
      if (Array.isArray(found) && found.length > 0) return true;
    } finally {
      lock.release();
    }
    await client.append(sent.path, raw, ['\\Seen']);
    return true;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Why a mail server refused or could not be reached, in words for the person who set it up. */
export function connectionProblem(error: unknown, server: string): string {
  const e = error as {
    authenticationFailed?: boolean;
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  if (e.authenticationFailed || e.code === 'EAUTH') return 'The mail server refused the user name or password';
  if (e.code === 'ECONNREFUSED') return `${server} refused the connection: check the server and port`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `${server} was not found: check the server's name`;
  if (e.code === 'ETIMEDOUT' || e.code === 'ETIMEOUT' || e.code === 'CONNECT_TIMEOUT' || e.code === 'GREETING_TIMEOUT') {
    return `${server} did not answer in time: check the server, the port and TLS`;
  }
  if (e.code === 'ESOCKET' || e.code === 'ECONNRESET' || /ssl|tls|certificate/i.test(e.message ?? '')) {
    return `${server} ended the connection: check the port and whether it uses TLS`;
  }
  return `${server} answered: ${(e.response ?? e.message ?? 'an error').slice(0, 300)}`;
}
