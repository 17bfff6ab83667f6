-- Texting through a provider, and the texts of each customer's conversation. The installation's Twilio account, beside
-- the send_sms webhook: one row at most; the auth token is sealed with the credentials key (server/auth/sealed.ts) and
-- never leaves the server.
CREATE TABLE texting_provider (
  id              boolean PRIMARY KEY DEFAULT true CHECK (id),
  provider        text NOT NULL CHECK (provider IN ('twilio')),
  account_sid     text NOT NULL,
  sender          text NOT NULL,
  auth_token      text NOT NULL,
  callback_origin text NOT NULL,
  updated_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- A text the provider accepted carries its message id; a status callback marks it delivered (or failed, with why).
ALTER TABLE outbox ADD COLUMN provider_id text, ADD COLUMN delivered_at timestamptz;
CREATE UNIQUE INDEX outbox_provider_id_key ON outbox (provider_id) WHERE provider_id IS NOT NULL;

-- Each customer's texts, both ways, for their conversation: a text written to them (its delivery is its outbox row)
-- and each reply from their number (one row per customer with that number; the reply itself is kept in sms_replies).
CREATE TABLE texts (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  direction    text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
  customer_id  uuid REFERENCES customers (id) ON DELETE SET NULL,
  phone        text NOT NULL CHECK (length(phone) <= 40),
  body         text NOT NULL CHECK (length(body) <= 2000),
  sent_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  outbox_id    uuid REFERENCES outbox (id) ON DELETE SET NULL,
  sms_reply_id uuid REFERENCES sms_replies (id) ON DELETE CASCADE,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (sms_reply_id, customer_id)
);
CREATE INDEX texts_customer_idx ON texts (customer_id, created_at DESC, id DESC);

-- A text a person sends a customer answers their waiting leads, as an e-mail does (migration 025).
DROP TRIGGER audit_log_first_response ON audit_log;
CREATE TRIGGER audit_log_first_response AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.actor_id IS NOT NULL AND NEW.entity_type = 'customer'
        AND NEW.action IN ('email_sent', 'offer_sent', 'contact_logged', 'text_sent'))
  EXECUTE FUNCTION leads_first_response();

-- The conversations waiting for us: a customer who wrote or texted and whom no person has answered since (an e-mail,
-- a text or a logged contact), nor marked done. Kept by triggers on what is written, whichever path writes it:
-- `waiting_since` is their first unanswered message, `last_at`, `channel` and `preview` their latest.
CREATE TABLE conversation_waits (
  customer_id   uuid PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  waiting_since timestamptz(3) NOT NULL,
  last_at       timestamptz(3) NOT NULL,
  channel       text NOT NULL CHECK (channel IN ('email', 'text')),
  preview       text NOT NULL
);
CREATE INDEX conversation_waits_since_idx ON conversation_waits (waiting_since, customer_id);

CREATE FUNCTION conversation_waits_received() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  preview text;
BEGIN
  IF TG_TABLE_NAME = 'emails' THEN
    preview := NEW.subject;
  ELSE
    preview := NEW.body;
  END IF;
  INSERT INTO conversation_waits AS w (customer_id, waiting_since, last_at, channel, preview)
  VALUES (NEW.customer_id, NEW.created_at, NEW.created_at, TG_ARGV[0], left(preview, 200))
  ON CONFLICT (customer_id) DO UPDATE
    SET last_at = EXCLUDED.last_at, channel = EXCLUDED.channel, preview = EXCLUDED.preview
    WHERE w.last_at <= EXCLUDED.last_at;
  RETURN NULL;
END
$$;
CREATE TRIGGER texts_conversation_waits AFTER INSERT ON texts FOR EACH ROW
  WHEN (NEW.direction = 'inbound' AND NEW.customer_id IS NOT NULL)
  EXECUTE FUNCTION conversation_waits_received('text');
CREATE TRIGGER emails_conversation_waits AFTER INSERT ON emails FOR EACH ROW
  WHEN (NEW.direction = 'inbound' AND NEW.customer_id IS NOT NULL)
  EXECUTE FUNCTION conversation_waits_received('email');

-- A person's e-mail, text or logged contact answers what the customer had written until then.
CREATE FUNCTION conversation_waits_answered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversation_waits WHERE customer_id = NEW.entity_id AND waiting_since <= NEW.created_at;
  RETURN NULL;
END
$$;
CREATE TRIGGER audit_log_conversation_answered AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.actor_id IS NOT NULL AND NEW.entity_type = 'customer'
        AND NEW.action IN ('email_sent', 'text_sent', 'contact_logged'))
  EXECUTE FUNCTION conversation_waits_answered();

-- Mail already received: a customer's unread mail that no e-mail of a person's has followed waits from the first of it.
INSERT INTO conversation_waits (customer_id, waiting_since, last_at, channel, preview)
SELECT e.customer_id, min(e.created_at), max(e.created_at), 'email', left((array_agg(e.subject ORDER BY e.created_at DESC))[1], 200)
FROM emails e
WHERE e.direction = 'inbound' AND e.customer_id IS NOT NULL AND NOT e.is_read
  AND NOT EXISTS (
    SELECT 1 FROM emails o
    WHERE o.customer_id = e.customer_id AND o.direction = 'outbound' AND o.sent_by IS NOT NULL AND o.created_at > e.created_at
  )
GROUP BY e.customer_id;
