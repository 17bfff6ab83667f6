-- E-mail written in Torque (sent through the outbox) and e-mail that reached the inbound webhook, each linked to the
-- customer whose address it carries, when there is one.
CREATE TABLE emails (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  direction    text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
  customer_id  uuid REFERENCES customers (id) ON DELETE SET NULL,
  from_address text NOT NULL CHECK (length(from_address) <= 320),
  to_address   text NOT NULL CHECK (length(to_address) <= 320),
  subject      text NOT NULL CHECK (length(subject) <= 300),
  body         text NOT NULL CHECK (length(body) <= 100000),
  -- Inbound: the sender's Message-ID, so a repeated post stores it once; unread until someone opens it.
  provider_id  text UNIQUE CHECK (length(provider_id) <= 500),
  is_read      boolean NOT NULL DEFAULT false,
  -- Outbound: who wrote it, and its delivery in the outbox.
  sent_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  outbox_id    uuid REFERENCES outbox (id) ON DELETE SET NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX emails_direction_created_idx ON emails (direction, created_at DESC, id DESC);
CREATE INDEX emails_customer_idx ON emails (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
