import { sql, type Kysely } from 'kysely';
import {
  MAILBOX_SECRET_MESSAGE,
  MAILBOX_TOKEN_MESSAGE,
  type Mailbox,
  type MailboxAnswer,
  type MailboxOwner,
  type MailboxValues,
} from '../../../shared/mailboxes/types.js';
import type { Actor } from '../../auth/actor.js';
import type { Encryption } from '../../auth/encryption.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  connectionProblem,
  imapClient,
  mailboxAccess,
  mailboxPublicOnly,
  smtpTransport,
  type MailboxAccess,
  type PrivateHosts,
} from '../../mail/mailbox-connection.js';
import type { Resolve } from '../../net/public-address.js';
import { recordAudit } from '../../platform/audit.js';
import { SETTINGS_ENTITY_ID } from '../../platform/settings.js';

type Db = Kysely<DB>;

/** Whose mailbox the route names: the actor's own, or the company's (admins only). */
function ownerOf(actor: Actor, owner: MailboxOwner): string | null {
  if (owner === 'company') requireRole(actor, 'admin');
  return owner === 'company' ? null : actor.userId;
}

const whereOwner = (userId: string | null) =>
  userId === null ? sql<boolean>`user_id IS NULL` : sql<boolean>`user_id = ${userId}`;

/** The mailbox as its owner reads it: never the password or token. */
export async function describeMailbox(db: Db, actor: Actor, owner: MailboxOwner): Promise<MailboxAnswer> {
  const row = await db
    .selectFrom('mailboxes')
    .select([
      'id',
      'address',
      'username',
      'auth',
      'imap_host',
      'imap_port',
      'imap_tls',
      'smtp_host',
      'smtp_port',
      'smtp_tls',
      'state',
      'last_error',
      'last_read_at',
      'updated_at',
    ])
    .where(whereOwner(ownerOf(actor, owner)))
    .executeTakeFirst();
  if (!row) return { mailbox: null };
  const mailbox: Mailbox = {
    ...row,
    secret_set: true,
    last_read_at: row.last_read_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
  };
  return { mailbox };
}

/**
 * Signs in to the mailbox's IMAP and SMTP servers as Torque will; refuses (400, on the field to correct) what a server
 * refused or could not be reached, and a server on a private network for a mailbox that must stay on public ones.
 */
export async function checkMailbox(access: MailboxAccess, resolve: Resolve): Promise<void> {
  try {
    const imap = await imapClient(access, resolve);
    await imap.connect();
    await imap.logout().catch(() => imap.close());
  } catch (error) {
    const message = connectionProblem(error, access.imap_host);
    throw badRequest(
      message,
      (error as { authenticationFailed?: boolean }).authenticationFailed ? { secret: message } : { imap_host: message },
    );
  }
  let smtp: Awaited<ReturnType<typeof smtpTransport>> | null = null;
  try {
    smtp = await smtpTransport(access, resolve);
    await smtp.verify();
  } catch (error) {
    const message = connectionProblem(error, access.smtp_host);
    throw badRequest(message, (error as { code?: string }).code === 'EAUTH' ? { secret: message } : { smtp_host: message });
  } finally {
    smtp?.close();
  }
}

/**
 * Connects a mailbox (or changes one), after its servers have accepted the sign-in. The password or token may be left
 * blank to keep the saved one. A different mailbox (another address, server or user) is read from its start; the same
 * one from where its reading stood. Whoever was reading it lets go, so the new settings are read at once. Audited
 * without the secret.
 */
export async function saveMailbox(
  db: Db,
  deps: { encryption: Encryption; wake: () => void; privateHosts: PrivateHosts; resolve: Resolve },
  actor: Actor,
  owner: MailboxOwner,
  input: MailboxValues,
): Promise<MailboxAnswer> {
  const userId = ownerOf(actor, owner);
  const saved = await db.selectFrom('mailboxes').select(['id']).where(whereOwner(userId)).executeTakeFirst();
  const savedAccess = saved ? await mailboxAccess(db, deps.encryption, saved.id, deps.privateHosts) : null;
  const sameAccount =
    savedAccess !== null &&
    savedAccess.imap_host === input.imap_host &&
    savedAccess.username === input.username &&
    savedAccess.auth === input.auth;
  const secret = input.secret || (sameAccount ? savedAccess.secret : '');
  if (!secret) {
    const message = input.auth === 'xoauth2' ? MAILBOX_TOKEN_MESSAGE : MAILBOX_SECRET_MESSAGE;
    throw badRequest(message, { secret: message });
  }
  // The one connecting decides, so an admin's company mailbox may be on the dealership's own network.
  await checkMailbox({ ...input, secret, publicOnly: mailboxPublicOnly(actor, deps.privateHosts) }, deps.resolve);
  const sameMailbox = sameAccount && savedAccess.address === input.address;
  const values = {
    ...input,
    secret: deps.encryption.seal(secret),
    reader: null,
    reader_until: null,
    state: 'connecting' as const,
    last_error: null,
    updated_by: actor.userId,
    updated_at: new Date(),
    ...(sameMailbox ? {} : { uid_validity: null, last_uid: 0 }),
  };
  await db.transaction().execute(async (tx) => {
    if (saved) await tx.updateTable('mailboxes').set(values).where('id', '=', saved.id).execute();
    else
      await tx
        .insertInto('mailboxes')
        .values({ ...values, user_id: userId })
        .execute();
    await recordAudit(tx, actor, {
      entityType: userId ? 'user' : 'settings',
      entityId: userId ?? SETTINGS_ENTITY_ID,
      action: 'updated.mailbox',
      changes: {
        address: { from: savedAccess?.address ?? null, to: input.address },
        imap: {
          from: savedAccess ? `${savedAccess.imap_host}:${savedAccess.imap_port}` : null,
          to: `${input.imap_host}:${input.imap_port}`,
        },
        smtp: {
          from: savedAccess ? `${savedAccess.smtp_host}:${savedAccess.smtp_port}` : null,
          to: `${input.smtp_host}:${input.smtp_port}`,
        },
        secret: { changed: secret !== savedAccess?.secret },
      },
    });
  });
  deps.wake();
  return describeMailbox(db, actor, owner);
}

/** Disconnects the mailbox: its mail stays; mail written afterwards leaves through the company's mailbox or SMTP_URL. */
export async function removeMailbox(db: Db, actor: Actor, owner: MailboxOwner): Promise<void> {
  const userId = ownerOf(actor, owner);
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('mailboxes').where(whereOwner(userId)).returning(['address']).executeTakeFirst();
    if (!removed) throw notFound('Mailbox');
    await recordAudit(tx, actor, {
      entityType: userId ? 'user' : 'settings',
      entityId: userId ?? SETTINGS_ENTITY_ID,
      action: 'removed.mailbox',
      changes: { address: { from: removed.address, to: null } },
    });
  });
}
