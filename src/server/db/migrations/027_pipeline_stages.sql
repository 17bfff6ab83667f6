-- The sales pipeline: each customer's stage, by the name of one of Settings → CRM's pipeline stages (null: the first),
-- and, for the analytics funnel, how many customers each owner added on each day (UTC) are at each stage, kept by a
-- statement trigger in the same transaction as the change, like customer_funnel_daily.
ALTER TABLE customers ADD COLUMN pipeline_stage text;
CREATE INDEX customers_pipeline_stage_idx ON customers (pipeline_stage, created_at) WHERE pipeline_stage IS NOT NULL;

-- `stage` is '' for customers without one.
CREATE TABLE customer_stage_daily (
  user_id   uuid NOT NULL,
  day       date NOT NULL,
  stage     text NOT NULL,
  customers bigint NOT NULL,
  PRIMARY KEY (user_id, day, stage)
);
CREATE INDEX customer_stage_daily_day_idx ON customer_stage_daily (day) INCLUDE (user_id, stage, customers);

INSERT INTO customer_stage_daily (user_id, day, stage, customers)
SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, '', count(*) FROM customers GROUP BY 1, 2;

-- Moves the counts by the customers a statement added (+1) and removed (-1): one row per owner, day and stage,
-- sorted, so concurrent statements take the rows' locks in one order.
CREATE FUNCTION customer_stage_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_stage_daily AS s (user_id, day, stage, customers)
  SELECT user_id, day, stage, sum(n)
    FROM jsonb_to_recordset(changes) AS c (user_id uuid, day date, stage text, n bigint)
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, day, stage) DO UPDATE SET customers = s.customers + excluded.customers;
$$;

CREATE FUNCTION customer_stage_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_stage_daily;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(pipeline_stage, '') AS stage, 1 AS n
        FROM new_customers
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(pipeline_stage, '') AS stage, -1 AS n
        FROM old_customers
    ) x;
  ELSE
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, day, stage, sum(n) AS n FROM (
        SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(pipeline_stage, '') AS stage, 1 AS n
          FROM new_customers
        UNION ALL
        SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, coalesce(pipeline_stage, ''), -1 FROM old_customers
      ) moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ) x;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM customer_stage_add(changes);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_stage_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_stage_counts();
CREATE TRIGGER customer_stage_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_stage_counts();
CREATE TRIGGER customer_stage_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_stage_counts();
CREATE TRIGGER customer_stage_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_stage_counts();
