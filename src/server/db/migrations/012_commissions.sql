-- Commissions. A completed deal carries its commission frozen: the agent's rate and the basis (broker fee or sale
-- price) in force when it completed, and the amount. A later change of a rate or of the settings never rewrites a
-- deal already paid; a deal that leaves 'completed' (cancelled, refunded) loses its commission. A trigger sets the
-- three columns, so every writer (the API, the demo seed, an import) is covered. See docs/decisions/012-commissions.md.

ALTER TABLE deals
  ADD COLUMN commission_rate  numeric(5, 2) CHECK (commission_rate >= 0 AND commission_rate <= 100),
  ADD COLUMN commission_basis text CHECK (commission_basis IN ('broker_fee', 'sale_price')),
  ADD COLUMN commission_cents bigint CHECK (commission_cents >= 0);

-- The installation's default rate and basis: the settings' 'crm' section (saved by the settings page), each value
-- only if it is what the settings schema allows, else the defaults 2.5 % of the broker fee.
CREATE FUNCTION commission_defaults(OUT rate numeric(5, 2), OUT basis text) LANGUAGE sql STABLE AS $$
  SELECT
    coalesce(
      (SELECT (s.value ->> 'default_commission_rate')::numeric(5, 2) FROM settings s
       WHERE s.key = 'crm' AND jsonb_typeof(s.value -> 'default_commission_rate') = 'number'
         AND (s.value ->> 'default_commission_rate')::numeric BETWEEN 0 AND 100),
      2.5),
    coalesce(
      (SELECT s.value ->> 'commission_basis' FROM settings s
       WHERE s.key = 'crm' AND s.value ->> 'commission_basis' IN ('broker_fee', 'sale_price')),
      'broker_fee')
$$;

-- The rate an agent is paid today: their own (commission_rates), else the default.
CREATE FUNCTION commission_rate_of(agent uuid) RETURNS numeric(5, 2) LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT r.rate FROM commission_rates r WHERE r.user_id = agent), (SELECT rate FROM commission_defaults()))
$$;

-- The rounding rule, in one place: basis × rate / 100 in exact numeric arithmetic, rounded to whole cents half away
-- from zero (PostgreSQL's round(numeric)); amounts are never negative, so a half cent rounds up.
CREATE FUNCTION commission_cents_of(basis_cents bigint, rate numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT round(basis_cents::numeric * rate / 100)::bigint
$$;

CREATE FUNCTION deal_commission_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'completed' THEN
    NEW.commission_rate := NULL;
    NEW.commission_basis := NULL;
    NEW.commission_cents := NULL;
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status <> 'completed' OR NEW.user_id <> OLD.user_id THEN
    -- Completes now (or passes to another agent): the agent's rate and the basis in force at this moment.
    NEW.commission_rate := commission_rate_of(NEW.user_id);
    NEW.commission_basis := (SELECT basis FROM commission_defaults());
  ELSE
    -- Stays completed: the frozen terms stay, whatever the writer sent; a corrected price or fee is paid at them.
    NEW.commission_rate := OLD.commission_rate;
    NEW.commission_basis := OLD.commission_basis;
  END IF;
  NEW.commission_cents := commission_cents_of(
    CASE NEW.commission_basis WHEN 'sale_price' THEN NEW.contract_price_cents ELSE NEW.broker_fee_cents END,
    NEW.commission_rate);
  RETURN NEW;
END $$;

-- Deals completed before this migration are paid at the terms in force when it runs: no agent has a rate of their
-- own yet, so the default (2.5 % of the broker fee unless the settings say otherwise).
WITH terms AS (
  SELECT id, commission_rate_of(user_id) AS rate, (SELECT basis FROM commission_defaults()) AS basis
  FROM deals WHERE status = 'completed'
)
UPDATE deals d
SET commission_rate = t.rate,
    commission_basis = t.basis,
    commission_cents = commission_cents_of(
      CASE t.basis WHEN 'sale_price' THEN d.contract_price_cents ELSE d.broker_fee_cents END, t.rate)
FROM terms t
WHERE d.id = t.id;

CREATE TRIGGER deal_commission BEFORE INSERT OR UPDATE ON deals
  FOR EACH ROW EXECUTE FUNCTION deal_commission_apply();

ALTER TABLE deals ADD CONSTRAINT deals_commission_when_completed CHECK (
  CASE WHEN status = 'completed'
    THEN commission_rate IS NOT NULL AND commission_basis IS NOT NULL AND commission_cents IS NOT NULL
    ELSE commission_rate IS NULL AND commission_basis IS NULL AND commission_cents IS NULL
  END);

-- Completed deals newest first, for everyone and per agent, carrying what the commission list, the summary cards
-- and the monthly report add up, so those read the index alone.
CREATE INDEX deals_commission_date_idx ON deals (date DESC, id DESC)
  INCLUDE (user_id, contract_price_cents, broker_fee_cents, commission_rate, commission_cents) WHERE status = 'completed';
CREATE INDEX deals_commission_owner_date_idx ON deals (user_id, date DESC, id DESC)
  INCLUDE (contract_price_cents, broker_fee_cents, commission_rate, commission_cents) WHERE status = 'completed';
