-- Deals, second step (004 is already applied in some installations, so it stays as it was).

-- Range analytics group by model too; the covering indexes carry it, so those aggregates stay index-only.
DROP INDEX deals_status_date_sales_idx;
DROP INDEX deals_owner_status_date_sales_idx;
CREATE INDEX deals_status_date_sales_idx ON deals (status, date)
  INCLUDE (manufacturer, model, contract_price_cents, broker_fee_cents, user_id);
CREATE INDEX deals_owner_status_date_sales_idx ON deals (user_id, status, date)
  INCLUDE (manufacturer, model, contract_price_cents, broker_fee_cents);

-- Completed sales per agent, month and manufacturer, kept by statement triggers in the same transaction as the
-- deal change. Year figures, the dashboard and statements add up a few thousand of these rows instead of every
-- deal of the year.
CREATE TABLE deal_sales_monthly (
  user_id      uuid NOT NULL,
  month        date NOT NULL,
  manufacturer text NOT NULL,
  units        bigint NOT NULL,
  gross_cents  bigint NOT NULL,
  fees_cents   bigint NOT NULL,
  PRIMARY KEY (user_id, month, manufacturer)
);
CREATE INDEX deal_sales_monthly_month_idx ON deal_sales_monthly (month) INCLUDE (user_id, manufacturer, units, gross_cents, fees_cents);

CREATE FUNCTION deal_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM deal_sales_monthly;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, -count(*), -sum(contract_price_cents), -sum(broker_fee_cents)
    FROM old_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, count(*), sum(contract_price_cents), sum(broker_fee_cents)
    FROM new_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER deal_sales_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_sales_apply();
CREATE TRIGGER deal_sales_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_sales_apply();
CREATE TRIGGER deal_sales_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_sales_apply();
CREATE TRIGGER deal_sales_truncate AFTER TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_sales_apply();

INSERT INTO deal_sales_monthly (user_id, month, manufacturer, units, gross_cents, fees_cents)
SELECT user_id, date_trunc('month', date)::date, manufacturer, count(*), sum(contract_price_cents), sum(broker_fee_cents)
FROM deals WHERE status = 'completed'
GROUP BY 1, 2, 3;

-- The dashboard's "active customers" and "inventory value" cards, counted from the index alone.
CREATE INDEX customers_status_owner_idx ON customers (status, user_id) INCLUDE (created_at);
CREATE INDEX vehicles_status_owner_idx ON vehicles (status, user_id) INCLUDE (price_cents, created_at);
