-- The dashboard's "active customers" and "inventory value" cards, now and as the month began, from kept counts instead
-- of the tables: customers per owner, status and month added (UTC), and vehicles with their value per owner, status and
-- month added. Both are kept by statement triggers in the same transaction as the change, like deal_sales_monthly.

DROP TRIGGER customer_counts_insert ON customers;
DROP TRIGGER customer_counts_update ON customers;
DROP TRIGGER customer_counts_delete ON customers;
DROP TRIGGER customer_counts_truncate ON customers;
DROP FUNCTION customer_counts_apply();
DROP TABLE customer_counts;

CREATE TABLE customer_counts (
  user_id uuid NOT NULL,
  status  text NOT NULL,
  month   date NOT NULL,
  n       bigint NOT NULL,
  PRIMARY KEY (user_id, status, month)
);

CREATE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_counts;
    RETURN NULL;
  END IF;
  -- Sorted, so concurrent statements take the counter rows' locks in one order.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO customer_counts AS c (user_id, status, month, n)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, -count(*)
      FROM old_customers GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO customer_counts AS c (user_id, status, month, n)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)
      FROM new_customers GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
CREATE TRIGGER customer_counts_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();
CREATE TRIGGER customer_counts_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_apply();

INSERT INTO customer_counts (user_id, status, month, n)
SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*) FROM customers GROUP BY 1, 2, 3;

CREATE TABLE vehicle_stock (
  user_id     uuid NOT NULL,
  status      text NOT NULL,
  month       date NOT NULL,
  n           bigint NOT NULL,
  value_cents bigint NOT NULL,
  PRIMARY KEY (user_id, status, month)
);

CREATE FUNCTION vehicle_stock_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM vehicle_stock;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO vehicle_stock AS s (user_id, status, month, n, value_cents)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, -count(*), -coalesce(sum(price_cents), 0)
      FROM old_vehicles GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = s.n + excluded.n, value_cents = s.value_cents + excluded.value_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO vehicle_stock AS s (user_id, status, month, n, value_cents)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(price_cents), 0)
      FROM new_vehicles GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = s.n + excluded.n, value_cents = s.value_cents + excluded.value_cents;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER vehicle_stock_insert AFTER INSERT ON vehicles REFERENCING NEW TABLE AS new_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_stock_apply();
CREATE TRIGGER vehicle_stock_update AFTER UPDATE ON vehicles
  REFERENCING OLD TABLE AS old_vehicles NEW TABLE AS new_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_stock_apply();
CREATE TRIGGER vehicle_stock_delete AFTER DELETE ON vehicles REFERENCING OLD TABLE AS old_vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_stock_apply();
CREATE TRIGGER vehicle_stock_truncate AFTER TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_stock_apply();

INSERT INTO vehicle_stock (user_id, status, month, n, value_cents)
SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*), coalesce(sum(price_cents), 0)
  FROM vehicles GROUP BY 1, 2, 3;
