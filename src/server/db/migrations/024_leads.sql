-- Leads as they arrive (ADF 1.0 from marketplaces and call tracking to begin with): every one is kept as it came,
-- with what was read from it, the customer it became or joined, and whom it went to and why.

-- A service allowed to post leads, with a key of its own; only the key's SHA-256 is kept.
CREATE TABLE lead_sources (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL UNIQUE,
  key_hash   text NOT NULL UNIQUE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE leads (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id         uuid REFERENCES lead_sources (id) ON DELETE SET NULL,
  source_name       text NOT NULL,
  channel           text NOT NULL CHECK (channel IN ('adf', 'email', 'form', 'manual')),
  -- 'flagged': it could not be read, and waits for a person with `reason`; nothing is dropped.
  status            text NOT NULL CHECK (status IN ('parsed', 'flagged')),
  reason            text,
  raw               text NOT NULL,
  parsed            jsonb,
  customer_id       uuid REFERENCES customers (id) ON DELETE SET NULL,
  assigned_user_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  assignment_reason text,
  received_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX leads_received_idx ON leads (received_at DESC, id DESC);
CREATE INDEX leads_assigned_idx ON leads (assigned_user_id, received_at DESC);
CREATE INDEX leads_customer_idx ON leads (customer_id);
CREATE INDEX leads_flagged_idx ON leads (received_at DESC) WHERE status = 'flagged';

-- The round-robin: when each agent was last given a new customer's lead. The agent longest without one is next.
CREATE TABLE lead_rotation (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  assigned_at timestamptz(3) NOT NULL
);
