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
