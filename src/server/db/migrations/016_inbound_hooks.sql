-- Secrets of the webhooks other services call (an SMS provider's replies, inbound e-mail): one each, made when an
-- admin first opens them, changed by rotating.
CREATE TABLE hook_secrets (
  name       text PRIMARY KEY CHECK (name IN ('sms', 'inbound_email')),
  secret     text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Replies to texts, as they arrived. The provider's message id makes a repeated delivery of one reply a no-op.
CREATE TABLE sms_replies (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id   text UNIQUE CHECK (length(provider_id) <= 200),
  from_phone    text NOT NULL CHECK (length(from_phone) <= 40),
  body          text NOT NULL CHECK (length(body) <= 2000),
  -- opted_out: a keyword, honoured; flagged: a person must read it; other: nothing to do.
  outcome       text NOT NULL CHECK (outcome IN ('opted_out', 'flagged', 'other')),
  customer_ids  uuid[] NOT NULL DEFAULT '{}',
  received_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sms_replies_flagged_idx ON sms_replies (received_at DESC) WHERE outcome = 'flagged';
