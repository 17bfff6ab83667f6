-- Texting through a provider: the installation's Twilio account beside the send_sms webhook. One row at most; the
-- auth token is sealed with the credentials key (server/auth/sealed.ts) and never leaves the server.
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
