-- Business days are the company's (Settings → Company's time zone, America/Chicago until saved), as everywhere else:
-- the kept counts of customers per day added (the analytics funnel, migration 027) and of customers and vehicles per
-- month added (the dashboard, migration 022) count days and months in that zone instead of UTC, and are counted anew
-- when the zone changes. Moments stay UTC in the tables.

CREATE FUNCTION business_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT s.value ->> 'time_zone' FROM settings s WHERE s.key = 'company' AND s.value ->> 'time_zone' <> ''),
    'America/Chicago');
$$;

CREATE OR REPLACE FUNCTION customer_stage_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  zone text := business_zone();
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_stage_daily;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, (created_at AT TIME ZONE zone)::date AS day, coalesce(pipeline_stage, '') AS stage, 1 AS n
        FROM new_customers
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, (created_at AT TIME ZONE zone)::date AS day, coalesce(pipeline_stage, '') AS stage, -1 AS n
        FROM old_customers
    ) x;
  ELSE
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, day, stage, sum(n) AS n FROM (
        SELECT user_id, (created_at AT TIME ZONE zone)::date AS day, coalesce(pipeline_stage, '') AS stage, 1 AS n
          FROM new_customers
        UNION ALL
        SELECT user_id, (created_at AT TIME ZONE zone)::date, coalesce(pipeline_stage, ''), -1 FROM old_customers
      ) moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ) x;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM customer_stage_add(changes);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := business_zone();
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_counts;
    RETURN NULL;
  END IF;
  -- Sorted, so concurrent statements take the counter rows' locks in one order.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO customer_counts AS c (user_id, status, month, n)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, -count(*)
      FROM old_customers GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO customer_counts AS c (user_id, status, month, n)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, count(*)
      FROM new_customers GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION vehicle_stock_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := business_zone();
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM vehicle_stock;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO vehicle_stock AS s (user_id, status, month, n, value_cents)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, -count(*), -coalesce(sum(price_cents), 0)
      FROM old_vehicles GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = s.n + excluded.n, value_cents = s.value_cents + excluded.value_cents;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO vehicle_stock AS s (user_id, status, month, n, value_cents)
    SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, count(*), coalesce(sum(price_cents), 0)
      FROM new_vehicles GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, month) DO UPDATE SET n = s.n + excluded.n, value_cents = s.value_cents + excluded.value_cents;
  END IF;
  RETURN NULL;
END $$;

-- The three tables counted anew from the records, in the zone in force. The counts' rows are locked first, in one
-- order, like the triggers take them.
CREATE FUNCTION business_days_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := business_zone();
BEGIN
  LOCK TABLE customer_stage_daily, customer_counts, vehicle_stock IN EXCLUSIVE MODE;
  DELETE FROM customer_stage_daily;
  INSERT INTO customer_stage_daily (user_id, day, stage, customers)
  SELECT user_id, (created_at AT TIME ZONE zone)::date, coalesce(pipeline_stage, ''), count(*) FROM customers GROUP BY 1, 2, 3;
  DELETE FROM customer_counts;
  INSERT INTO customer_counts (user_id, status, month, n)
  SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, count(*) FROM customers GROUP BY 1, 2, 3;
  DELETE FROM vehicle_stock;
  INSERT INTO vehicle_stock (user_id, status, month, n, value_cents)
  SELECT user_id, status, date_trunc('month', created_at AT TIME ZONE zone)::date, count(*), coalesce(sum(price_cents), 0)
    FROM vehicles GROUP BY 1, 2, 3;
END $$;

CREATE FUNCTION business_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.value ->> 'time_zone' END) IS DISTINCT FROM
     (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.value ->> 'time_zone' END) THEN
    PERFORM business_days_recount();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER business_zone_insert AFTER INSERT ON settings FOR EACH ROW WHEN (NEW.key = 'company')
  EXECUTE FUNCTION business_zone_changed();
CREATE TRIGGER business_zone_update AFTER UPDATE ON settings FOR EACH ROW WHEN (NEW.key = 'company' OR OLD.key = 'company')
  EXECUTE FUNCTION business_zone_changed();
CREATE TRIGGER business_zone_delete AFTER DELETE ON settings FOR EACH ROW WHEN (OLD.key = 'company')
  EXECUTE FUNCTION business_zone_changed();

SELECT business_days_recount();
