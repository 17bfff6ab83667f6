import net from 'node:net';
import { ImapFlow } from 'imapflow';
import { createTransport, type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import { MAILBOX_PRIVATE_MESSAGE } from '../../shared/mailboxes/types.js';
import type { Actor } from '../auth/actor.js';
import type { Encryption } from '../auth/encryption.js';
import { hasRole } from '../auth/scope.js';
import type { DB } from '../db/schema.js';
import { addressToConnect, type Resolve } from '../net/public-address.js';

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
  /** Its servers are reached on public addresses only (`mailboxPublicOnly`). */
  publicOnly: boolean;
};

/** Who may connect a mailbox whose servers are on a private network (MAILBOX_PRIVATE_HOSTS). */
export type PrivateHosts = 'admins' | 'everyone';

/**
 * Only admins connect a mailbox on a private network, unless MAILBOX_PRIVATE_HOSTS lets everyone: otherwise a
 * person's own mailbox is on a public one, so that nobody reaches the dealership's inner network through Torque.
 * `person` is who connects it, or whose mailbox is read or sent through (null when that account is gone).
 */
export const mailboxPublicOnly = (person: Pick<Actor, 'role'> | null, policy: PrivateHosts) =>
  policy === 'admins' && !(person && hasRole(person as Actor, 'admin'));

/**
 * Where a connection to one of the mailbox's servers goes: the address its name was looked up at, checked when the
 * mailbox must stay on public addresses, and the name kept for TLS (SNI and the certificate's check). The name is never
 * looked up again for this connection, so a name that answers a public address to the check and this machine's to a
 * second question (DNS rebinding) does not reach this machine.
 */
async function serverAddress(host: string, access: MailboxAccess, resolve: Resolve) {
  const address = await addressToConnect(host, { publicOnly: access.publicOnly, resolve });
  return { host: address, servername: net.isIP(host.replace(/^\[|\]$/g, '')) ? undefined : host };
}

const SECONDS = 1000;

/**
 * An IMAP client for the mailbox (not yet connected). Without `imap_tls` the connection moves to TLS when the server
 * offers STARTTLS. IDLE is imapflow's own: after a moment with no command it waits for the server's news.
 */
export async function imapClient(access: MailboxAccess, resolve: Resolve, options: { autoIdleDelay?: number } = {}) {
  return new ImapFlow({
    ...(await serverAddress(access.imap_host, access, resolve)),
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
export async function smtpTransport(access: MailboxAccess, resolve: Resolve): Promise<Transporter> {
  return createTransport({
    ...(await serverAddress(access.smtp_host, access, resolve)),
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

/**
 * A saved mailbox as Torque reaches it, its secret opened (and sealed again under the current key when it was older).
 * Whether it must stay on public addresses is its owner's role as it is now; the company's mailbox is connected by
 * admins.
 */
export async function mailboxAccess(
  db: Kysely<DB>,
  encryption: Encryption,
  id: string,
  policy: PrivateHosts,
): Promise<MailboxAccess | null> {
  const row = await db
    .selectFrom('mailboxes')
    .leftJoin('users', 'users.id', 'mailboxes.user_id')
    .select([
      'mailboxes.user_id',
      'users.role',
      'mailboxes.address',
      'mailboxes.username',
      'mailboxes.auth',
      'mailboxes.secret',
      'mailboxes.imap_host',
      'mailboxes.imap_port',
      'mailboxes.imap_tls',
      'mailboxes.smtp_host',
      'mailboxes.smtp_port',
      'mailboxes.smtp_tls',
    ])
    .where('mailboxes.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const { user_id, role, ...access } = row;
  const secret = encryption.open(row.secret);
  if (encryption.stale(row.secret)) {
    await db
      .updateTable('mailboxes')
      .set({ secret: encryption.seal(secret) })
      .where('secret', '=', row.secret)
      .execute();
  }
  const publicOnly = user_id !== null && mailboxPublicOnly(role ? { role } : null, policy);
  return { ...access, secret, publicOnly };
}

/**
 * Keeps a copy of a mail sent through the mailbox's SMTP server in its Sent folder (the folder marked \Sent, else one
 * named Sent), as a mail program does, so it sits beside the user's other sent mail. Servers that file what they send
 * themselves (Gmail) are known by the copy they already hold: a mail with this Message-ID is not added twice.
 */
export async function keepInSent(access: MailboxAccess, resolve: Resolve, raw: Buffer, messageId: string) {
  const client = await imapClient(access, resolve);
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
  if (e.code === 'EPRIVATE') return MAILBOX_PRIVATE_MESSAGE;
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
