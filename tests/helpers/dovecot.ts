import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { createEncryption } from '../../src/server/auth/encryption.js';

export const DOVECOT = '/usr/sbin/dovecot';

/**
 * A real IMAP server: Debian's Dovecot (package dovecot-imapd, which `npm test` installs when it is missing) with a
 * throwaway configuration, its mail in Maildir folders under a temp folder, on a free port of this machine. Clients
 * reach it through a relay that `drop` cuts, as a network or a server restart does.
 */
export type ImapPeer = {
  host: string;
  /** The relay's port: what Torque is given. */
  port: number;
  /** Adds a mailbox that signs in with this address and password. */
  addUser: (address: string, password: string) => void;
  /** Delivers a message into the user's INBOX (IMAP APPEND, as a delivery agent would); its UID. */
  deliver: (address: string, password: string, raw: string | Buffer, flags?: string[]) => Promise<number>;
  /**
   * Writes messages straight into the user's INBOX (Maildir files, unread), as a mailbox that has filled up over years
   * is: much faster than delivering each one. Dovecot reads them in when the folder is next opened.
   */
  fill: (address: string, messages: Iterable<string>) => Promise<number>;
  /** The messages of one of the user's folders, as raw text, in their order. */
  folder: (address: string, password: string, folder: string) => Promise<string[]>;
  /** Ends every connection through the relay at once. */
  drop: () => void;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startImapPeer(): Promise<ImapPeer> {
  if (!fs.existsSync(DOVECOT)) throw new Error('Dovecot is missing: install Debian\'s "dovecot-imapd" package');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  // As root Dovecot runs its parts as its own users (made by the package); as anyone else, as that user.
  const me = os.userInfo().username;
  const mailUser = root ? 'dovecot' : me;
  const mail = path.join(dir, 'mail');
  fs.mkdirSync(mail);
  if (root) {
    const entry = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[0] === 'dovecot');
    if (!entry) throw new Error('The dovecot user is missing: reinstall Debian\'s "dovecot-core" package');
    fs.chownSync(mail, Number(entry[2]), Number(entry[3]));
  }
  const passwd = path.join(dir, 'passwd');
  fs.writeFileSync(passwd, '');
  const imapPort = await freePort();
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/log
protocols = imap
listen = 127.0.0.1
ssl = no
first_valid_uid = 1
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${root ? 'dovecot' : me}
default_login_user = ${root ? 'dovenull' : me}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${passwd}
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailUser} home=${mail}/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  const dovecot: ChildProcess = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  for (let attempt = 0; ; attempt++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(imapPort, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (attempt > 100) throw new Error(`Dovecot did not start:\n${fs.readFileSync(path.join(dir, 'log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(imapPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));

  const owner = root ? fs.statSync(mail) : null;
  const fill = async (address: string, messages: Iterable<string>) => {
    const maildir = path.join(mail, address, 'Maildir');
    const made = ['', 'cur', 'new', 'tmp'].map((part) => path.join(maildir, part));
    for (const folder of made) {
      fs.mkdirSync(folder, { recursive: true });
      if (owner) fs.chownSync(folder, owner.uid, owner.gid);
    }
    fs.chownSync(path.join(mail, address), owner?.uid ?? process.getuid!(), owner?.gid ?? process.getgid!());
    let count = 0;
    const stamp = Math.floor(Date.now() / 1000);
    for (const raw of messages) {
      const file = path.join(maildir, 'cur', `${stamp}.M${++count}P${process.pid}.bench:2,`);
      await fs.promises.writeFile(file, raw.replace(/\r?\n/g, '\n'));
      if (owner) await fs.promises.chown(file, owner.uid, owner.gid);
    }
    return count;
  };

  const connect = async (address: string, password: string) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: imapPort,
      secure: false,
      auth: { user: address, pass: password },
      logger: false,
    });
    await client.connect();
    return client;
  };

  return {
    host: '127.0.0.1',
    port: (relay.address() as net.AddressInfo).port,
    addUser: (address, password) => fs.appendFileSync(passwd, `${address}:{PLAIN}${password}\n`),
    fill,
    deliver: async (address, password, raw, flags = []) => {
      const client = await connect(address, password);
      try {
        const appended = await client.append('INBOX', raw, flags);
        if (!appended || !appended.uid) throw new Error('Dovecot did not take the message');
        return appended.uid;
      } finally {
        await client.logout();
      }
    },
    folder: async (address, password, folder) => {
      const client = await connect(address, password);
      try {
        await client.mailboxOpen(folder);
        const messages: string[] = [];
        for await (const message of client.fetch('1:*', { source: true })) messages.push(message.source!.toString('utf8'));
        return messages;
      } catch (error) {
        if ((error as { serverResponseCode?: string }).serverResponseCode === 'NONEXISTENT') return [];
        throw error;
      } finally {
        await client.logout();
      }
    },
    drop: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      const exited = new Promise((resolve) => dovecot.once('exit', resolve));
      dovecot.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A mail as a customer's mail program writes it. */
export function rawMail(mail: {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  attachment?: { name: string; type: string; content: Buffer };
}): string {
  const head = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
    'MIME-Version: 1.0',
  ];
  if (!mail.attachment) return [...head, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n');
  const boundary = 'torque-test-boundary';
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    `--${boundary}`,
    `Content-Type: ${mail.attachment.type}; name="${mail.attachment.name}"`,
    `Content-Disposition: attachment; filename="${mail.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    mail.attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * A `mailboxes` row for an account of this peer, as an admin's save writes it: the password sealed with `sessionSecret`
 * (a server started with that SESSION_SECRET opens it), the SMTP server at `smtpPort` of this machine.
 */
export function mailboxValues(
  imap: ImapPeer,
  account: { userId: string | null; address: string; password: string; sessionSecret: string; smtpPort: number },
) {
  return {
    user_id: account.userId,
    address: account.address,
    username: account.address,
    auth: 'password' as const,
    secret: createEncryption([account.sessionSecret]).seal(account.password),
    imap_host: imap.host,
    imap_port: imap.port,
    imap_tls: false,
    smtp_host: '127.0.0.1',
    smtp_port: account.smtpPort,
    smtp_tls: false,
  };
}
