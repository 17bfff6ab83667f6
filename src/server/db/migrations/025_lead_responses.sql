-- Speed to lead: when a person first answered each lead (an e-mail, an offer, or a call, text or note they logged on
-- the customer), whether the admins were told it waited too long, and who dealt with a lead that could not be read.
-- A lead found in inbound mail names the mail it came in.
ALTER TABLE leads
  ADD COLUMN email_id            uuid REFERENCES emails (id) ON DELETE SET NULL,
  ADD COLUMN first_response_at   timestamptz(3),
  ADD COLUMN first_response_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN first_response_kind text,
  ADD COLUMN alerted_at          timestamptz(3),
  ADD COLUMN handled_at          timestamptz(3),
  ADD COLUMN handled_by          uuid REFERENCES users (id) ON DELETE SET NULL;

-- The leads still waiting for a first answer: read by the intake's answer lookup and the minute's unanswered check.
CREATE INDEX leads_waiting_idx ON leads (received_at) WHERE first_response_at IS NULL AND status = 'parsed';
CREATE INDEX leads_source_idx ON leads (source_name, received_at DESC);
CREATE INDEX leads_email_idx ON leads (email_id) WHERE email_id IS NOT NULL;

-- A person's answer to a customer answers every lead of theirs still waiting that arrived before it. The audit entry
-- is the one record of "who did what to this customer", so the answer is read from it, in the same transaction.
CREATE FUNCTION leads_first_response() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads
  SET first_response_at = NEW.created_at, first_response_by = NEW.actor_id, first_response_kind = NEW.action
  WHERE customer_id = NEW.entity_id AND first_response_at IS NULL AND status = 'parsed' AND received_at <= NEW.created_at;
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_log_first_response AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.actor_id IS NOT NULL AND NEW.entity_type = 'customer'
        AND NEW.action IN ('email_sent', 'offer_sent', 'contact_logged'))
  EXECUTE FUNCTION leads_first_response();
