import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { sql, type Kysely } from 'kysely';
import type { Encryption } from '../../auth/encryption.js';
import type { DB } from '../../db/schema.js';
import {
  connectionProblem,
  imapClient,
  mailboxAccess,
  type MailboxAccess,
  type PrivateHosts,
} from '../../mail/mailbox-connection.js';
import type { Resolve } from '../../net/public-address.js';
import { publishChange } from '../../realtime/publish.js';
import { fileMail, type FilingDeps } from './filing.js';

/** How long a process holds a mailbox without renewing its lease; it renews it at every round of `pollMs`. */
const LEASE_SECONDS = 30;
/** Messages fetched from the server at a time: a large mailbox is read in steps, each filed before the next. */
const FETCH_STEP = 200;

export type ReaderOptions = {
  /** How often a process looks for mailboxes nobody reads, and renews its leases on its own. */
  pollMs?: number;
  /** The first wait before connecting again after a failure; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
};

export type MailboxReaders = { wake: () => void; start: () => void; stop: () => Promise<void> };

type Claimed = { id: string; user_id: string | null; updated_at: Date };
type ReaderDeps = FilingDeps & { encryption: Encryption; log: FastifyBaseLogger; privateHosts: PrivateHosts; resolve: Resolve };

/**
 * Every process runs this; one process at a time reads each mailbox: the one holding its lease (`reader` in the
 * mailboxes table), taken when free or expired and renewed at each round. A process that stops, or is killed, lets the
 * lease lapse and another takes the mailbox over; changed settings let go of it, and it is read again with them. What
 * a reader files moves the mailbox's `last_uid` in the same transaction, fenced on the lease, so a reader that lost its
 * lease cannot file what its successor files.
 */
export function createMailboxReaders(
  db: Kysely<DB>,
  deps: ReaderDeps & { instanceId: string },
  options: ReaderOptions = {},
): MailboxReaders {
  const pollMs = options.pollMs ?? 5000;
  const me = `${deps.instanceId}:${process.pid}`;
  const running = new Map<string, { updatedAt: number; stop: () => Promise<void> }>();
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> = Promise.resolve();
  let stopped = true;

  async function claimAll() {
    const { rows } = await sql<Claimed>`
      UPDATE mailboxes SET reader = ${me}, reader_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE reader IS NULL OR reader = ${me} OR reader_until < now()
      RETURNING id, user_id, updated_at`.execute(db);
    const claimed = new Map(rows.map((row) => [row.id, row]));
    for (const [id, reader] of running) {
      const row = claimed.get(id);
      if (!row || row.updated_at.getTime() !== reader.updatedAt) {
        running.delete(id);
        await reader.stop();
      }
    }
    for (const row of rows) {
      if (!running.has(row.id) && !stopped) running.set(row.id, readMailbox(db, deps, me, row, options));
    }
  }

  const tick = () => {
    round = round
      .then(claimAll)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'mailbox readers: could not renew their leases'));
    return round;
  };

  return {
    wake: () => {
      if (!stopped) void tick();
    },
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      void tick();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await round;
      const readers = [...running.values()];
      running.clear();
      await Promise.all(readers.map((reader) => reader.stop()));
      // Let go at once, so another process need not wait for the lease to lapse.
      await db
        .updateTable('mailboxes')
        .set({ reader: null, reader_until: null })
        .where('reader', '=', me)
        .execute()
        .catch(() => undefined);
    },
  };
}

/**
 * Reads one mailbox until stopped: connects, files what came in since its `last_uid`, then waits (IDLE) for news and
 * files each new message as the server announces it. A dropped connection is opened again after a wait that doubles
 * from `backoffMs` up to `maxBackoffMs` (a refused sign-in or a private server waits the longest), and reading resumes after the last
 * message filed: nothing is lost or filed twice.
 */
function readMailbox(db: Kysely<DB>, deps: ReaderDeps, me: string, claimed: Claimed, options: ReaderOptions) {
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  let stopped = false;
  let client: ImapFlow | null = null;
  let wakeUp: (() => void) | null = null;
  const log = deps.log.child({ mailbox: claimed.id });

  const setState = (state: 'connecting' | 'reading' | 'failed', lastError: string | null) =>
    db
      .updateTable('mailboxes')
      .set({ state, last_error: lastError })
      .where('id', '=', claimed.id)
      .where('reader', '=', me)
      .execute()
      // A person's mailbox is theirs alone to see; the company's, every admin's.
      .then(() => publishChange(db, 'mailboxes', claimed.user_id ? [claimed.user_id] : 'all'));

  /** Files every message after the last one filed, a step at a time; the server's own order (UID) is kept. */
  async function catchUp(imap: ImapFlow, access: MailboxAccess) {
    for (;;) {
      const row = await db.selectFrom('mailboxes').select(['last_uid']).where('id', '=', claimed.id).executeTakeFirst();
      if (!row || stopped) return;
      const uids = ((await imap.search({ uid: `${row.last_uid + 1}:*` }, { uid: true })) || [])
        .filter((uid) => uid > row.last_uid)
        .sort((a, b) => a - b)
        .slice(0, FETCH_STEP);
      if (uids.length === 0) return;
      const messages = [];
      for await (const message of imap.fetch(uids, { uid: true, source: true, flags: true, internalDate: true }, { uid: true })) {
        if (message.source) messages.push(message);
      }
      messages.sort((a, b) => a.uid - b.uid);
      for (const message of messages) {
        if (stopped) return;
        const filed = await fileMail(db, deps, {
          mailbox: { id: claimed.id, user_id: claimed.user_id, address: access.address, reader: me },
          uid: message.uid,
          source: message.source!,
          seen: message.flags?.has('\\Seen') ?? false,
          receivedAt: message.internalDate instanceof Date ? message.internalDate : null,
        });
        if (filed === 'lost') {
          stopped = true;
          return;
        }
      }
      // Some servers leave a UID out of a search while its message is still being written: it is read next round.
      if (messages.length < uids.length) return;
    }
  }

  async function session(access: MailboxAccess) {
    // IDLE a second after the last command (imapflow waits 15 s by default): a reader sends no commands of its own
    // between catching up, so news waits for nothing.
    // Each connection looks the server's name up once and goes to the address it checked (mailbox-connection.ts).
    const imap = await imapClient(access, deps.resolve, { autoIdleDelay: 1000 });
    client = imap;
    const closed = new Promise<void>((resolve) => imap.once('close', () => resolve()));
    imap.on('error', (error: unknown) =>
      log.warn({ reason: connectionProblem(error, access.imap_host) }, 'mailbox connection error'),
    );
    await imap.connect();
    const inbox = await imap.mailboxOpen('INBOX');
    const validity = Number(inbox.uidValidity);
    // A new UIDVALIDITY means the server numbered the mailbox anew: it is read again from its start (what was filed
    // already is known by its Message-ID and not filed twice).
    await db
      .updateTable('mailboxes')
      .set((eb) => ({
        uid_validity: validity,
        last_uid: eb.case().when('uid_validity', 'is distinct from', validity).then(0).else(eb.ref('last_uid')).end(),
      }))
      .where('id', '=', claimed.id)
      .where('reader', '=', me)
      .execute();
    await setState('reading', null);
    let pending = Promise.resolve();
    const sync = () => {
      pending = pending
        .then(() => catchUp(imap, access))
        .then(() => db.updateTable('mailboxes').set({ last_read_at: new Date() }).where('id', '=', claimed.id).execute())
        .then(() => undefined)
        .catch((error: unknown) => {
          log.warn({ reason: connectionProblem(error, access.imap_host) }, 'mailbox: reading new mail failed');
          imap.close();
        });
      return pending;
    };
    imap.on('exists', () => void sync());
    await sync();
    await closed;
    await pending;
  }

  const done = (async () => {
    let wait = backoffMs;
    while (!stopped) {
      // Read again at each connection: the owner's role, and so whether the servers must be public, is as it is now.
      const access = await mailboxAccess(db, deps.encryption, claimed.id, deps.privateHosts).catch(() => null);
      if (!access) return;
      try {
        await session(access);
        wait = backoffMs;
        if (!stopped) await setState('connecting', 'The connection to the mail server ended; connecting again');
      } catch (error) {
        // A refused sign-in, or a server on a private network this mailbox may not reach, stays so until someone acts.
        const refused =
          (error as { authenticationFailed?: boolean }).authenticationFailed === true ||
          (error as { code?: string }).code === 'EPRIVATE';
        const reason = connectionProblem(error, access.imap_host);
        log.warn({ reason }, 'mailbox: could not read');
        if (!stopped) await setState(refused ? 'failed' : 'connecting', reason).catch(() => undefined);
        if (refused) wait = maxBackoffMs;
      } finally {
        client = null;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        setTimeout(resolve, wait).unref();
      });
      wait = Math.min(wait * 2, maxBackoffMs);
    }
  })();

  return {
    updatedAt: claimed.updated_at.getTime(),
    stop: async () => {
      stopped = true;
      wakeUp?.();
      if (client) await client.logout().catch(() => client?.close());
      await done;
    },
  };
}
