-- Offers made up for social media and customer notifications when the vehicle is not in inventory.
CREATE TABLE custom_offers (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id               uuid NOT NULL REFERENCES users (id),
  make                  text NOT NULL CHECK (length(make) BETWEEN 1 AND 60),
  model                 text NOT NULL CHECK (length(model) BETWEEN 1 AND 60),
  year                  integer NOT NULL CHECK (year BETWEEN 1900 AND 2100),
  price_cents           bigint NOT NULL CHECK (price_cents >= 0),
  original_price_cents  bigint CHECK (original_price_cents >= 0),
  mileage               integer NOT NULL DEFAULT 0 CHECK (mileage >= 0),
  color                 text CHECK (length(color) <= 40),
  features              text[] NOT NULL DEFAULT '{}',
  created_at            timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX custom_offers_user_idx ON custom_offers (user_id, created_at DESC);

-- Every offer image made: served to anyone with its token (Instagram and the customers' mail fetch it), kept when its
-- offer is deleted so a post already made keeps its picture.
CREATE TABLE offer_images (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token            text NOT NULL UNIQUE CHECK (length(token) >= 32),
  storage_key      text NOT NULL UNIQUE,
  vehicle_id       uuid REFERENCES vehicles (id) ON DELETE SET NULL,
  custom_offer_id  uuid REFERENCES custom_offers (id) ON DELETE SET NULL,
  caption          text NOT NULL,
  -- What the image shows, as it was made (the vehicle or custom offer may change or go).
  offer            jsonb NOT NULL,
  created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);

-- The Instagram accounts posts go to: the company's, and agents' own.
CREATE TABLE instagram_accounts (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username      text NOT NULL CHECK (username ~ '^[a-z0-9._]{1,30}$'),
  type          text NOT NULL CHECK (type IN ('company', 'agent')),
  user_id       uuid REFERENCES users (id) ON DELETE CASCADE,
  is_connected  boolean NOT NULL DEFAULT false,
  followers     integer NOT NULL DEFAULT 0 CHECK (followers >= 0),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((type = 'agent') = (user_id IS NOT NULL))
);
CREATE UNIQUE INDEX instagram_accounts_username_idx ON instagram_accounts (username);
CREATE INDEX instagram_accounts_user_idx ON instagram_accounts (user_id);
