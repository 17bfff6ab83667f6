-- Torque's schema. Money is integer cents; dates that are calendar days are `date`; moments are timestamptz(3)
-- (millisecond precision on every backend, so they are safe as paging cursors).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- People who sign in. Also the spec's "profiles" (id, email, name, role).
CREATE TABLE users (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name           text NOT NULL,
  email          text NOT NULL UNIQUE,
  email_verified boolean NOT NULL DEFAULT false,
  image          text,
  role           text NOT NULL DEFAULT 'agent' CHECK (role IN ('admin', 'editor', 'agent')),
  banned         boolean DEFAULT false,
  ban_reason     text,
  ban_expires    timestamptz(3),
  last_login_at  timestamptz(3),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token           text NOT NULL UNIQUE,
  expires_at      timestamptz(3) NOT NULL,
  ip_address      text,
  user_agent      text,
  impersonated_by uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE accounts (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id               text NOT NULL,
  provider_id              text NOT NULL,
  access_token             text,
  refresh_token            text,
  id_token                 text,
  access_token_expires_at  timestamptz(3),
  refresh_token_expires_at timestamptz(3),
  scope                    text,
  password                 text,
  created_at               timestamptz(3) NOT NULL DEFAULT now(),
  updated_at               timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX accounts_user_idx ON accounts (user_id);

CREATE TABLE verifications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL,
  value      text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX verifications_identifier_idx ON verifications (identifier);

-- Sign-in attempts counted per address and per account, shared by every Torque process.
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  window_start timestamptz(3) NOT NULL,
  count        integer NOT NULL
);

CREATE TABLE customers (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                 uuid NOT NULL REFERENCES users (id),
  name                    text NOT NULL CHECK (length(trim(name)) > 0),
  email                   text,
  phone                   text,
  location                text,
  status                  text NOT NULL DEFAULT 'prospect' CHECK (status IN ('active', 'prospect', 'inactive')),
  preferred_cars          text[] NOT NULL DEFAULT '{}',
  referred_by_customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  referred_by_name        text,
  birthday                date,
  notes                   text,
  lead_source             text CHECK (lead_source IN ('Referral', 'Website', 'Social Media', 'Walk-in', 'Phone', 'Other')),
  budget_cents            bigint CHECK (budget_cents >= 0),
  created_at              timestamptz(3) NOT NULL DEFAULT now(),
  updated_at              timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX customers_owner_created_idx ON customers (user_id, created_at DESC, id DESC);
CREATE INDEX customers_created_idx ON customers (created_at DESC, id DESC);
CREATE INDEX customers_name_trgm ON customers USING gin (name gin_trgm_ops);
CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_phone_idx ON customers (phone);
CREATE INDEX customers_lower_email_idx ON customers (lower(email));

CREATE TABLE customer_documents (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id  uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  file_name    text NOT NULL,
  file_path    text NOT NULL UNIQUE,
  file_size    bigint NOT NULL CHECK (file_size >= 0),
  content_type text NOT NULL,
  uploaded_by  uuid NOT NULL REFERENCES users (id),
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX customer_documents_customer_idx ON customer_documents (customer_id, created_at DESC);

CREATE TABLE vehicles (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id),
  make          text NOT NULL CHECK (length(trim(make)) > 0),
  model         text NOT NULL CHECK (length(trim(model)) > 0),
  year          integer NOT NULL CHECK (year >= 1900),
  vin           text,
  color         text,
  mileage       integer NOT NULL DEFAULT 0 CHECK (mileage >= 0),
  price_cents   bigint NOT NULL CHECK (price_cents >= 0),
  status        text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'pending', 'sold', 'reserved')),
  location      text,
  contact_name  text,
  contact_phone text,
  contact_email text,
  features      text[] NOT NULL DEFAULT '{}',
  notes         text,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX vehicles_owner_created_idx ON vehicles (user_id, created_at DESC, id DESC);
CREATE INDEX vehicles_created_idx ON vehicles (created_at DESC, id DESC);
CREATE INDEX vehicles_status_idx ON vehicles (status);
CREATE INDEX vehicles_make_trgm ON vehicles USING gin (make gin_trgm_ops);
CREATE INDEX vehicles_model_trgm ON vehicles USING gin (model gin_trgm_ops);
CREATE INDEX vehicles_vin_trgm ON vehicles USING gin (vin gin_trgm_ops);

CREATE TABLE deals (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id               uuid NOT NULL REFERENCES users (id),
  customer_id           uuid REFERENCES customers (id) ON DELETE SET NULL,
  vehicle_id            uuid REFERENCES vehicles (id) ON DELETE SET NULL,
  date                  date NOT NULL,
  manufacturer          text NOT NULL,
  model                 text NOT NULL,
  year                  integer NOT NULL CHECK (year >= 1900),
  customer_name         text NOT NULL,
  customer_phone        text,
  customer_email        text,
  agent_name            text NOT NULL,
  contract_price_cents  bigint NOT NULL CHECK (contract_price_cents >= 0),
  monthly_payment_cents bigint CHECK (monthly_payment_cents >= 0),
  broker_fee_cents      bigint NOT NULL CHECK (broker_fee_cents >= 0),
  status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in-progress', 'completed', 'cancelled')),
  deal_classification   text NOT NULL DEFAULT 'customer_paid'
                        CHECK (deal_classification IN ('customer_paid', 'broker_deal', 'dealer_paid', 'cash_deal')),
  notes                 text,
  created_at            timestamptz(3) NOT NULL DEFAULT now(),
  updated_at            timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX deals_owner_date_idx ON deals (user_id, date DESC, id DESC);
CREATE INDEX deals_date_idx ON deals (date DESC, id DESC);
CREATE INDEX deals_status_date_idx ON deals (status, date);
CREATE INDEX deals_customer_idx ON deals (customer_id);
CREATE INDEX deals_vehicle_idx ON deals (vehicle_id);
CREATE INDEX deals_created_idx ON deals (created_at DESC);

CREATE TABLE deal_documents (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id      uuid NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
  file_name    text NOT NULL,
  file_path    text NOT NULL UNIQUE,
  file_size    bigint NOT NULL CHECK (file_size >= 0),
  content_type text NOT NULL,
  uploaded_by  uuid NOT NULL REFERENCES users (id),
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX deal_documents_deal_idx ON deal_documents (deal_id, created_at DESC);

CREATE TABLE chats (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  type       text NOT NULL CHECK (type IN ('individual', 'group', 'company')),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE chat_participants (
  chat_id      uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_active    boolean NOT NULL DEFAULT true,
  last_read_at timestamptz(3) NOT NULL DEFAULT now(),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, user_id)
);
CREATE INDEX chat_participants_user_idx ON chat_participants (user_id) WHERE is_active;

CREATE TABLE messages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  chat_id    uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  sender_id  uuid NOT NULL REFERENCES users (id),
  content    text NOT NULL CHECK (length(trim(content)) > 0),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX messages_chat_created_idx ON messages (chat_id, created_at);

CREATE TABLE notifications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL,
  content    text NOT NULL,
  is_read    boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX notifications_unread_idx ON notifications (user_id, created_at DESC) WHERE NOT is_read;

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE commission_rates (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rate       numeric(5, 2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email       text NOT NULL,
  role        text NOT NULL CHECK (role IN ('admin', 'editor', 'agent')),
  token_hash  text NOT NULL UNIQUE,
  invited_by  uuid NOT NULL REFERENCES users (id),
  expires_at  timestamptz(3) NOT NULL,
  accepted_at timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX invitations_email_idx ON invitations (lower(email));

-- Who changed what, and the admin behind it when the change was made while switched to another user.
CREATE TABLE audit_log (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id        uuid NOT NULL REFERENCES users (id),
  impersonator_id uuid REFERENCES users (id),
  entity_type     text NOT NULL,
  entity_id       uuid NOT NULL,
  action          text NOT NULL,
  changes         jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

-- Outbound work written in the same transaction as the change that causes it.
CREATE TABLE outbox (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind            text NOT NULL CHECK (kind IN ('email', 'webhook', 'sms')),
  payload         jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'held')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text,
  created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  sent_at         timestamptz(3)
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'pending';
