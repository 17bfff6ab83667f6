-- F&I products sold on a deal: the products on its worksheet (service contracts, GAP, maintenance…), what the
-- customer pays for them and what they cost the store. The desk sets both whenever the worksheet is saved, as it sets
-- the contract price; the difference is the deal's back-end gross. Analytics, the deal statement and accounting read
-- them from here and from the monthly sales the statement triggers keep.
ALTER TABLE deals
  ADD COLUMN products_cents bigint NOT NULL DEFAULT 0 CHECK (products_cents >= 0),
  ADD COLUMN products_cost_cents bigint NOT NULL DEFAULT 0 CHECK (products_cost_cents >= 0);

ALTER TABLE deal_sales_monthly
  ADD COLUMN products_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN products_cost_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE deal_model_sales_monthly
  ADD COLUMN products_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN products_cost_cents bigint NOT NULL DEFAULT 0;

DROP INDEX deal_model_sales_monthly_month_idx;
CREATE INDEX deal_model_sales_monthly_month_idx ON deal_model_sales_monthly (month)
  INCLUDE (user_id, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents);

-- The Analytics page reads the days outside whole months from deals: the products ride in its covering indexes too.
DROP INDEX deals_status_date_sales_idx;
DROP INDEX deals_owner_status_date_sales_idx;
CREATE INDEX deals_status_date_sales_idx ON deals (status, date)
  INCLUDE (manufacturer, model, contract_price_cents, broker_fee_cents, products_cents, products_cost_cents, user_id);
CREATE INDEX deals_owner_status_date_sales_idx ON deals (user_id, status, date)
  INCLUDE (manufacturer, model, contract_price_cents, broker_fee_cents, products_cents, products_cost_cents);

-- The triggers of migration 006 stay; their function keeps the products beside the sales.
CREATE OR REPLACE FUNCTION deal_sales_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM deal_sales_monthly;
    DELETE FROM deal_model_sales_monthly;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents, products_cents, products_cost_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, -count(*), -sum(contract_price_cents), -sum(broker_fee_cents),
           -sum(products_cents), -sum(products_cost_cents)
    FROM old_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents,
          products_cents = s.products_cents + excluded.products_cents, products_cost_cents = s.products_cost_cents + excluded.products_cost_cents;
    INSERT INTO deal_model_sales_monthly AS s (user_id, month, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, model, -count(*), -sum(contract_price_cents), -sum(broker_fee_cents),
           -sum(products_cents), -sum(products_cost_cents)
    FROM old_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, manufacturer, model) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents,
          products_cents = s.products_cents + excluded.products_cents, products_cost_cents = s.products_cost_cents + excluded.products_cost_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO deal_sales_monthly AS s (user_id, month, manufacturer, units, gross_cents, fees_cents, products_cents, products_cost_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, count(*), sum(contract_price_cents), sum(broker_fee_cents),
           sum(products_cents), sum(products_cost_cents)
    FROM new_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, manufacturer) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents,
          products_cents = s.products_cents + excluded.products_cents, products_cost_cents = s.products_cost_cents + excluded.products_cost_cents;
    INSERT INTO deal_model_sales_monthly AS s (user_id, month, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents)
    SELECT user_id, date_trunc('month', date)::date, manufacturer, model, count(*), sum(contract_price_cents), sum(broker_fee_cents),
           sum(products_cents), sum(products_cost_cents)
    FROM new_deals WHERE status = 'completed'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, manufacturer, model) DO UPDATE
      SET units = s.units + excluded.units, gross_cents = s.gross_cents + excluded.gross_cents, fees_cents = s.fees_cents + excluded.fees_cents,
          products_cents = s.products_cents + excluded.products_cents, products_cost_cents = s.products_cost_cents + excluded.products_cost_cents;
  END IF;
  RETURN NULL;
END $$;

-- Deals desked before this release take their products from their worksheets; the triggers above count them in.
UPDATE deals d
SET products_cents = p.sold, products_cost_cents = p.cost
FROM (
  SELECT w.deal_id,
         coalesce(sum((item ->> 'price_cents')::bigint), 0) AS sold,
         coalesce(sum((item ->> 'cost_cents')::bigint), 0) AS cost
  FROM deal_worksheets w
  CROSS JOIN LATERAL jsonb_array_elements(coalesce(w.worksheet -> 'products', '[]'::jsonb)) AS item
  GROUP BY w.deal_id
) p
WHERE p.deal_id = d.id AND (p.sold, p.cost) <> (0, 0);
