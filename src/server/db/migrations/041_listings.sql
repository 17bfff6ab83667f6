-- Inventory that sells: a vehicle's condition, its FTC Buyers Guide, its public page, and the listing feeds that
-- marketplaces and site builders read.

-- New or used: the FTC's Used Car Rule (16 CFR 455) asks a Buyers Guide of every used vehicle offered for sale. A
-- vehicle already in stock with more than 500 miles on it is taken to be used; an editor can say otherwise.
ALTER TABLE vehicles ADD COLUMN condition text NOT NULL DEFAULT 'used' CHECK (condition IN ('new', 'used'));
UPDATE vehicles SET condition = 'new' WHERE mileage <= 500;

-- A used vehicle's Buyers Guide: the choices of `shared/vehicles/buyers-guide.ts`, as an editor completed them.
CREATE TABLE vehicle_buyers_guides (
  vehicle_id uuid PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
  guide      jsonb NOT NULL CHECK (jsonb_typeof(guide) = 'object'),
  saved_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  saved_at   timestamptz(3) NOT NULL DEFAULT now()
);

-- The guide a deal keeps from the sale: the final guide is part of the contract (16 CFR 455.3), so the deal holds the
-- choices, the vehicle and the dealer as they were when it completed, whatever changes after.
CREATE TABLE deal_buyers_guides (
  deal_id    uuid PRIMARY KEY REFERENCES deals (id) ON DELETE CASCADE,
  guide      jsonb NOT NULL CHECK (jsonb_typeof(guide) = 'object'),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The vehicle's public page: at an address made of a random key, never of the id; shown, and in the feeds, only while
-- the vehicle is available and listed.
ALTER TABLE vehicles ADD COLUMN listed boolean NOT NULL DEFAULT true;
ALTER TABLE vehicles
  ADD COLUMN public_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '') CHECK (public_key ~ '^[0-9a-f]{32}$');
CREATE UNIQUE INDEX vehicles_public_key_idx ON vehicles (public_key);
-- The feeds read the available, listed vehicles in id order, a batch at a time.
CREATE INDEX vehicles_listed_idx ON vehicles (id) WHERE status = 'available' AND listed;

-- A feed of the listed inventory for one reader (a marketplace, a site builder), behind a key of its own: only the
-- key's SHA-256 is kept, and a new key ends the old one at once.
CREATE TABLE listing_feeds (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
  key_hash     text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  key_made_at  timestamptz(3) NOT NULL DEFAULT now(),
  last_read_at timestamptz(3),
  reads        bigint NOT NULL DEFAULT 0
);
