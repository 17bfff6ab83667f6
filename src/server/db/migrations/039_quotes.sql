-- Desking: the quotes a deal's customer is sent. A quote keeps what it presented (the vehicle, the itemised price,
-- taxes, fees, products, trade-ins, the broker's fee and each payment option with its figures and disclosure) as it
-- was when sent, so a later change to the worksheet or to a state's tax rule never changes a quote already made. The
-- customer's link holds a random token, and only its SHA-256 is kept. A quote is accepted once, by one option, until
-- its last valid day (the company's time zone); sending a newer quote on the deal withdraws the open ones.
CREATE TABLE deal_quotes (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id          uuid NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
  token_hash       text NOT NULL UNIQUE,
  content          jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object'),
  sent_to          text NOT NULL,
  valid_until      date NOT NULL,
  email_id         uuid REFERENCES emails (id) ON DELETE SET NULL,
  created_by       uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  withdrawn_at     timestamptz(3),
  accepted_at      timestamptz(3),
  accepted_option  integer CHECK (accepted_option >= 0),
  accepted_address text,
  accepted_device  text,
  CHECK ((accepted_at IS NULL) = (accepted_option IS NULL)),
  CHECK (accepted_at IS NULL OR withdrawn_at IS NULL)
);

CREATE INDEX deal_quotes_deal_idx ON deal_quotes (deal_id, created_at DESC);

-- A brokerage's offers from selling dealers for one client's request, kept on the deal: the dealer and its contact,
-- the vehicle offered, its price and the dealer's fees, when it is available and until when the offer holds, and the
-- dealer's own quote among the deal's documents. One offer is chosen; the others are kept, declined with a reason.
CREATE TABLE dealer_offers (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id        uuid NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
  dealer         text NOT NULL,
  contact        text,
  vehicle        text NOT NULL,
  vin            text CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  price_cents    bigint NOT NULL CHECK (price_cents >= 0),
  fees_cents     bigint NOT NULL DEFAULT 0 CHECK (fees_cents >= 0),
  availability   text NOT NULL CHECK (availability IN ('in_stock', 'in_transit', 'factory_order')),
  available_on   date,
  expires_on     date,
  document_id    uuid REFERENCES deal_documents (id) ON DELETE SET NULL,
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'chosen', 'declined')),
  decline_reason text,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  updated_at     timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((status = 'declined') = (decline_reason IS NOT NULL))
);

CREATE INDEX dealer_offers_deal_idx ON dealer_offers (deal_id, created_at);
-- A deal takes one dealer's offer.
CREATE UNIQUE INDEX dealer_offers_chosen_idx ON dealer_offers (deal_id) WHERE status = 'chosen';
