-- Texts from numbers no customer has, and opt-outs from them, kept where a person and the consent rules find them.

-- A phone number as texts are matched on: its digits, without the US country code (as `numberForms` reads them).
CREATE FUNCTION sms_number(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(phone, '\D', '', 'g'), '^1(\d{10})$', '\1')
$$;

-- An opt-out keyword from a number no customer has is kept on the ledger for the number alone (no customer), so that
-- no text goes to it, also once it is a customer's, until they opt in again (47 CFR 64.1200(a)(10)).
CREATE INDEX contact_consents_number_idx ON contact_consents (sms_number(address), recorded_at DESC, id DESC)
  WHERE channel = 'sms' AND customer_id IS NULL;

-- Texts from numbers no customer has, that nobody has filed with a customer yet (Communications → Unmatched).
CREATE INDEX sms_replies_unmatched_idx ON sms_replies (received_at DESC, id DESC)
  WHERE customer_ids = '{}' AND outcome <> 'opted_out';
-- The texts of one number, filed together.
CREATE INDEX sms_replies_number_idx ON sms_replies (sms_number(from_phone));

-- An opt-out keyword is not a message awaiting an answer: it does not start or extend a wait.
CREATE OR REPLACE FUNCTION conversation_waits_received() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  preview text;
BEGIN
  IF TG_TABLE_NAME = 'emails' THEN
    preview := NEW.subject;
  ELSE
    IF EXISTS (SELECT 1 FROM sms_replies r WHERE r.id = NEW.sms_reply_id AND r.outcome = 'opted_out') THEN
      RETURN NULL;
    END IF;
    preview := NEW.body;
  END IF;
  INSERT INTO conversation_waits AS w (customer_id, waiting_since, last_at, channel, preview)
  VALUES (NEW.customer_id, NEW.created_at, NEW.created_at, TG_ARGV[0], left(preview, 200))
  ON CONFLICT (customer_id) DO UPDATE
    SET last_at = EXCLUDED.last_at, channel = EXCLUDED.channel, preview = EXCLUDED.preview
    WHERE w.last_at <= EXCLUDED.last_at;
  RETURN NULL;
END
$$;
