-- Where Torque calls other services (a Zapier hook, an SMS gateway): one address per event, set by admins, each with
-- the secret its calls are signed with. Private, loopback and link-local addresses are refused unless allowed here.
CREATE TABLE webhook_endpoints (
  event          text PRIMARY KEY
                 CHECK (event IN ('sync_gmail', 'post_instagram', 'send_email_offers', 'send_sms_offers', 'send_sms')),
  url            text NOT NULL CHECK (length(url) <= 2000),
  secret         text NOT NULL,
  allow_private  boolean NOT NULL DEFAULT false,
  updated_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);

-- A delivery waits in the outbox until its moment (a text held for the customer's quiet hours), then is sent.
ALTER TABLE outbox ADD COLUMN send_after timestamptz(3);
-- The admins' deliveries view: one kind, newest first.
CREATE INDEX outbox_kind_created_idx ON outbox (kind, created_at DESC, id DESC);
