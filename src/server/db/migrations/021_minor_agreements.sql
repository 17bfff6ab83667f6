-- Agreements a parent or guardian co-signs for a minor: the uploaded agreement, both drawn signatures with who, when,
-- from where and with what device, and the sealed PDF made of them. Sealed on insert; never changed after, but for
-- the note that the agent was told the minor turned 18. A correction is a new agreement naming the one it corrects.
CREATE TABLE minor_agreements (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id              uuid NOT NULL REFERENCES users (id),
  customer_id          uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  deal_id              uuid REFERENCES deals (id) ON DELETE SET NULL,
  corrects_id          uuid REFERENCES minor_agreements (id) ON DELETE SET NULL,
  minor_name           text NOT NULL CHECK (length(minor_name) BETWEEN 2 AND 120),
  minor_age            integer NOT NULL CHECK (minor_age BETWEEN 1 AND 17),
  minor_email          text CHECK (length(minor_email) <= 254),
  minor_phone          text CHECK (length(minor_phone) <= 40),
  parent_name          text NOT NULL CHECK (length(parent_name) BETWEEN 2 AND 120),
  parent_email         text NOT NULL CHECK (length(parent_email) <= 254),
  parent_phone         text NOT NULL CHECK (length(parent_phone) BETWEEN 10 AND 40),
  parent_relationship  text NOT NULL CHECK (length(parent_relationship) BETWEEN 1 AND 60),
  vehicle_details      text NOT NULL CHECK (length(vehicle_details) BETWEEN 5 AND 500),
  deal_amount_cents    bigint NOT NULL CHECK (deal_amount_cents >= 100),
  notes                text CHECK (length(notes) <= 2000),
  deal_date            date NOT NULL,
  -- The latest day the minor can turn 18: the deal date plus (18 − age) years.
  turns_18_on          date NOT NULL,
  original_file_name   text NOT NULL,
  original_key         text NOT NULL UNIQUE,
  original_sha256      text NOT NULL CHECK (original_sha256 ~ '^[0-9a-f]{64}$'),
  sealed_key           text NOT NULL UNIQUE,
  sealed_sha256        text NOT NULL CHECK (sealed_sha256 ~ '^[0-9a-f]{64}$'),
  sealed_size          integer NOT NULL,
  -- { name, signed_at, ip, user_agent, consent, image_sha256 } of each signer.
  parent_signature     jsonb NOT NULL,
  minor_signature      jsonb NOT NULL,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  adult_notified_at    timestamptz(3)
);
CREATE INDEX minor_agreements_user_idx ON minor_agreements (user_id, created_at DESC, id DESC);
CREATE INDEX minor_agreements_created_idx ON minor_agreements (created_at DESC, id DESC);
CREATE INDEX minor_agreements_customer_idx ON minor_agreements (customer_id);
CREATE INDEX minor_agreements_turns_18_idx ON minor_agreements (turns_18_on) WHERE adult_notified_at IS NULL;

-- Sealed means sealed: only adult_notified_at may change, and the links to a deal or an earlier agreement may be
-- cleared when those are deleted.
CREATE FUNCTION minor_agreement_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text[] := ARRAY['adult_notified_at'];
BEGIN
  IF NEW.deal_id IS NULL THEN kept := array_append(kept, 'deal_id'); END IF;
  IF NEW.corrects_id IS NULL THEN kept := array_append(kept, 'corrects_id'); END IF;
  IF (to_jsonb(NEW) - kept) IS DISTINCT FROM (to_jsonb(OLD) - kept) THEN
    RAISE EXCEPTION 'a sealed minor agreement cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER minor_agreements_sealed BEFORE UPDATE ON minor_agreements
  FOR EACH ROW EXECUTE FUNCTION minor_agreement_sealed();
