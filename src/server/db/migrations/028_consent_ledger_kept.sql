-- The consent ledger is a legal record. The database itself refuses to change or remove an entry, and an entry
-- outlives its customer: it keeps the address it applies to (the customer's e-mail or phone for its channel when it
-- was recorded), and deleting the customer, or the user who recorded it, only detaches it.
ALTER TABLE contact_consents ADD COLUMN address text CHECK (length(address) <= 320);
UPDATE contact_consents c SET address = CASE c.channel WHEN 'email' THEN cu.email ELSE cu.phone END
FROM customers cu WHERE cu.id = c.customer_id;

ALTER TABLE contact_consents ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE contact_consents DROP CONSTRAINT contact_consents_customer_id_fkey;
ALTER TABLE contact_consents ADD CONSTRAINT contact_consents_customer_id_fkey
  FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL;

CREATE FUNCTION contact_consent_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: a foreign key's own action (a trigger, hence the depth) detaching a deleted customer or
  -- user. Nothing else of the entry may differ.
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1
     AND (to_jsonb(NEW) - ARRAY['customer_id', 'recorded_by']) = (to_jsonb(OLD) - ARRAY['customer_id', 'recorded_by'])
     AND (NEW.customer_id IS NULL OR NEW.customer_id = OLD.customer_id)
     AND (NEW.recorded_by IS NULL OR NEW.recorded_by = OLD.recorded_by) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the consent ledger is a legal record: its entries are never changed or removed' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER contact_consents_kept BEFORE UPDATE OR DELETE ON contact_consents
  FOR EACH ROW EXECUTE FUNCTION contact_consent_kept();
CREATE TRIGGER contact_consents_not_truncated BEFORE TRUNCATE ON contact_consents
  FOR EACH STATEMENT EXECUTE FUNCTION contact_consent_kept();
