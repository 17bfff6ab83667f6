import { z } from 'zod';
import '../common/plain-errors.js';

export const MAILBOX_ADDRESS_MESSAGE = 'Enter the mailbox’s e-mail address';
export const MAILBOX_HOST_MESSAGE = 'Enter the server’s name (imap.example.com)';
export const MAILBOX_PORT_MESSAGE = 'Enter a port from 1 to 65535';
export const MAILBOX_USERNAME_MESSAGE = 'Enter the user name the mail server knows you by';
export const MAILBOX_SECRET_MESSAGE = 'Enter the password or app password';
export const MAILBOX_TOKEN_MESSAGE = 'Enter the OAuth2 access token';
export const MAILBOX_PRIVATE_MESSAGE = 'This server is on a private network: only an admin can connect a mailbox there';

const host = z
  .string()
  .trim()
  .min(1, MAILBOX_HOST_MESSAGE)
  .max(255, MAILBOX_HOST_MESSAGE)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, MAILBOX_HOST_MESSAGE);
const port = z
  .number({ error: MAILBOX_PORT_MESSAGE })
  .int(MAILBOX_PORT_MESSAGE)
  .min(1, MAILBOX_PORT_MESSAGE)
  .max(65535, MAILBOX_PORT_MESSAGE);

export const mailboxAuths = ['password', 'xoauth2'] as const;
export type MailboxAuth = (typeof mailboxAuths)[number];

/**
 * PUT /api/mailboxes/mine (anyone, their own) and /api/mailboxes/company (admins): where Torque reads mail (IMAP) and
 * sends it (SMTP) for that mailbox. `tls` is TLS from the first byte (IMAP 993, SMTP 465); without it the connection
 * moves to TLS when the server offers STARTTLS. The password (or, with `xoauth2`, an OAuth2 access token) may be left
 * out when one is saved already: it is never shown again.
 */
export const mailboxInputSchema = z
  .object({
    address: z.string().trim().max(320, MAILBOX_ADDRESS_MESSAGE).pipe(z.email(MAILBOX_ADDRESS_MESSAGE)),
    username: z.string().trim().min(1, MAILBOX_USERNAME_MESSAGE).max(320, MAILBOX_USERNAME_MESSAGE),
    auth: z.enum(mailboxAuths).default('password'),
    secret: z.string().max(4000).default(''),
    imap_host: host,
    imap_port: port,
    imap_tls: z.boolean(),
    smtp_host: host,
    smtp_port: port,
    smtp_tls: z.boolean(),
  })
  .strict();
export type MailboxInput = z.input<typeof mailboxInputSchema>;
export type MailboxValues = z.output<typeof mailboxInputSchema>;

export const mailboxStates = ['connecting', 'reading', 'failed'] as const;

/** A mailbox as its owner (or, for the company's, an admin) reads it: never the password or token. */
export const mailboxSchema = z.object({
  id: z.string(),
  address: z.string(),
  username: z.string(),
  auth: z.enum(mailboxAuths),
  imap_host: z.string(),
  imap_port: z.number(),
  imap_tls: z.boolean(),
  smtp_host: z.string(),
  smtp_port: z.number(),
  smtp_tls: z.boolean(),
  secret_set: z.boolean(),
  /** `reading`: a process holds the connection and files new mail as it arrives; `failed`: why in `last_error`. */
  state: z.enum(mailboxStates),
  last_error: z.string().nullable(),
  last_read_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;
/** GET /api/mailboxes/mine and /company: the mailbox, or null when none is connected. */
export const mailboxAnswerSchema = z.object({ mailbox: mailboxSchema.nullable() });
export type MailboxAnswer = z.infer<typeof mailboxAnswerSchema>;

export const mailboxOwners = ['mine', 'company'] as const;
export type MailboxOwner = (typeof mailboxOwners)[number];
export const mailboxParams = z.object({ owner: z.enum(mailboxOwners) });

/** The usual ports: TLS from the first byte, or STARTTLS. */
export const MAILBOX_PORTS = { imap: { tls: 993, plain: 143 }, smtp: { tls: 465, plain: 587 } } as const;
