-- Completed sales per agent, month, manufacturer and model, kept by the deals' statement triggers beside
-- deal_sales_monthly (migration 006) in the same transaction as the deal change. The Analytics page adds up a range's
-- whole months from here and reads only its partial first and last months from deals (range-analytics.ts): a year
-- and the year before are some tens of thousands of these rows instead of every deal of two years.
CREATE TABLE deal_model_sales_monthly (
  user_id      uuid NOT NULL,
  month        date NOT NULL,
  manufacturer text NOT NULL,
  model        text NOT NULL,
  units        bigint NOT NULL,
  gross_cents  bigint NOT NULL,
  fees_cents   bigint NOT NULL,
  PRIMARY KEY (user_id, month, manufacturer, model)
);
CREATE INDEX deal_model_sales_monthly_month_idx ON deal_model_sales_monthly (month)
  INCLUDE (user_id, manufacturer, model, units, gross_cents, fees_cents);

-- The triggers of migration 006 stay; their function now keeps both tables: what the changed rows were is taken
-- away, what they are is added.
CREATE OR REPLACE FUNCTION deal_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM deal_sales_monthly;
    DELETE FROM deal_model_sales_monthly;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, -count(*), -sum(contract_price_cents), -sum(broker_fee_cents)
    FROM old_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
    INSERT INTO deal_model_sales_monthly AS s (user_id, month, manufacturer, model, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, model, -count(*), -sum(contract_price_cents), -sum(broker_fee_cents)
    FROM old_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, manufacturer, model) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, count(*), sum(contract_price_cents), sum(broker_fee_cents)
    FROM new_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
    INSERT INTO deal_model_sales_monthly AS s (user_id, month, manufacturer, model, units, gross_cents, fees_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, model, count(*), sum(contract_price_cents), sum(broker_fee_cents)
    FROM new_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, manufacturer, model) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents;
  END IF;
  RETURN NULL;
END $$;

INSERT INTO deal_model_sales_monthly (user_id, month, manufacturer, model, units, gross_cents, fees_cents)
SELECT user_id, date_trunc('month', date)::date, manufacturer, model, count(*), sum(contract_price_cents), sum(broker_fee_cents)
FROM deals WHERE status = 'completed'
GROUP BY 1, 2, 3, 4;

-- The Analytics page's show rate reads a range's appointments with their outcome and customer from the index alone
-- (migration 033's index carried neither, so each appointment was a visit to the table).
DROP INDEX tasks_appointments_idx;
CREATE INDEX tasks_appointments_idx ON tasks (due_date, assignee_id) INCLUDE (outcome, customer_id) WHERE type = 'appointment';
