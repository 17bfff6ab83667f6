-- Mailboxes Torque reads over IMAP and sends from over SMTP: the company's (no user; one at most) and each user's own.
-- The password or OAuth2 access token is sealed with the credentials key (server/auth/sealed.ts) and never leaves the
-- server. One process at a time reads a mailbox: the one holding its lease (`reader` until `reader_until`), renewed
-- while it reads; `last_uid` (of `uid_validity`) is the last message filed, so a reader that stops is followed by the
-- next without losing or repeating one.
CREATE TABLE mailboxes (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  address        text NOT NULL CHECK (length(address) <= 320),
  imap_host      text NOT NULL CHECK (length(imap_host) <= 255),
  imap_port      integer NOT NULL CHECK (imap_port BETWEEN 1 AND 65535),
  imap_tls       boolean NOT NULL,
  smtp_host      text NOT NULL CHECK (length(smtp_host) <= 255),
  smtp_port      integer NOT NULL CHECK (smtp_port BETWEEN 1 AND 65535),
  smtp_tls       boolean NOT NULL,
  username       text NOT NULL CHECK (length(username) <= 320),
  auth           text NOT NULL CHECK (auth IN ('password', 'xoauth2')),
  secret         text NOT NULL,
  uid_validity   bigint,
  last_uid       bigint NOT NULL DEFAULT 0,
  reader         text,
  reader_until   timestamptz(3),
  state          text NOT NULL DEFAULT 'connecting' CHECK (state IN ('connecting', 'reading', 'failed')),
  last_error     text CHECK (length(last_error) <= 1000),
  last_read_at   timestamptz(3),
  updated_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mailboxes_company_key ON mailboxes ((true)) WHERE user_id IS NULL;

-- Mail read from a mailbox names it; `provider_id` is each mail's Message-ID either way (a mail sent from Torque carries
-- the one it was given), and `in_reply_to` the one it answers, so a reply finds its conversation.
ALTER TABLE emails
  ADD COLUMN mailbox_id  uuid REFERENCES mailboxes (id) ON DELETE SET NULL,
  ADD COLUMN in_reply_to text CHECK (length(in_reply_to) <= 500);
CREATE INDEX emails_unmatched_idx ON emails (created_at DESC, id DESC) WHERE direction = 'inbound' AND customer_id IS NULL;
CREATE INDEX emails_mailbox_idx ON emails (mailbox_id) WHERE mailbox_id IS NOT NULL;

-- A mail leaves through the mailbox it was written from (its SMTP server, then a copy in its Sent folder), else through
-- the company's SMTP_URL.
ALTER TABLE outbox ADD COLUMN mailbox_id uuid REFERENCES mailboxes (id) ON DELETE SET NULL;

-- Mail already read in the mailbox before Torque filed it waits for no one; mail assigned to a customer from the
-- unmatched list waits as if it had come in linked to them.
DROP TRIGGER emails_conversation_waits ON emails;
CREATE TRIGGER emails_conversation_waits AFTER INSERT ON emails FOR EACH ROW
  WHEN (NEW.direction = 'inbound' AND NEW.customer_id IS NOT NULL AND NOT NEW.is_read)
  EXECUTE FUNCTION conversation_waits_received('email');
CREATE TRIGGER emails_conversation_waits_assigned AFTER UPDATE OF customer_id ON emails FOR EACH ROW
  WHEN (NEW.direction = 'inbound' AND OLD.customer_id IS NULL AND NEW.customer_id IS NOT NULL AND NOT NEW.is_read)
  EXECUTE FUNCTION conversation_waits_received('email');

-- A waiting conversation may be given to someone to answer (an admin or editor, or the customer's own agent): it is
-- theirs in the inbox while it waits.
ALTER TABLE conversation_waits ADD COLUMN assigned_to uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX conversation_waits_assigned_idx ON conversation_waits (assigned_to, waiting_since, customer_id)
  WHERE assigned_to IS NOT NULL;

-- Reply templates (Settings → Reply Templates, admins and editors): a name, an e-mail subject, and a body whose fields
-- ({first_name}, {vehicle}, {agent}, {dealership}) are filled for each customer; the first few are the reply box's
-- quick replies.
CREATE TABLE reply_templates (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
  subject    text NOT NULL DEFAULT '' CHECK (length(subject) <= 300),
  body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 1600),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
