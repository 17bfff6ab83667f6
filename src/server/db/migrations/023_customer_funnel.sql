-- The analytics page's lead funnel (customers added, how many of them opened a deal, how many closed a sale) and its
-- new-customer trend, from kept counts per owner and day added (UTC) instead of every customer of the range with two
-- EXISTS each. Kept by statement triggers in the same transaction as the change, like customer_counts.
--
-- customer_deal_counts holds, for each customer who has (or had) a deal, how many deals and completed deals they have,
-- with the customer's owner and day. Its rows are the locks that serialise concurrent changes to one customer's
-- deals: a counter moves by a delta under the row lock, and the funnel moves only when a counter crosses zero.

CREATE TABLE customer_deal_counts (
  customer_id uuid PRIMARY KEY,
  user_id     uuid NOT NULL,
  day         date NOT NULL,
  deals       bigint NOT NULL,
  completed   bigint NOT NULL
);

CREATE TABLE customer_funnel_daily (
  user_id   uuid NOT NULL,
  day       date NOT NULL,
  customers bigint NOT NULL,
  opened    bigint NOT NULL,
  sold      bigint NOT NULL,
  PRIMARY KEY (user_id, day)
);
CREATE INDEX customer_funnel_daily_day_idx ON customer_funnel_daily (day) INCLUDE (user_id, customers, opened, sold);

-- Adds to the funnel: one row per owner and day, sorted, so concurrent statements take the rows' locks in one order.
CREATE FUNCTION customer_funnel_add(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO customer_funnel_daily AS f (user_id, day, customers, opened, sold)
  SELECT user_id, day, sum(customers), sum(opened), sum(sold)
    FROM jsonb_to_recordset(changes) AS c (user_id uuid, day date, customers bigint, opened bigint, sold bigint)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE
    SET customers = f.customers + excluded.customers, opened = f.opened + excluded.opened, sold = f.sold + excluded.sold;
$$;

-- Deals moved by `delta` (customer_id, deals, completed): counters updated under their row locks; the customers whose
-- count crossed zero move the funnel's opened and sold.
CREATE FUNCTION customer_deals_changed(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  INSERT INTO customer_deal_counts (customer_id, user_id, day, deals, completed)
  SELECT c.id, c.user_id, (c.created_at AT TIME ZONE 'UTC')::date, 0, 0
    FROM customers c
   WHERE c.id IN (SELECT (d ->> 'customer_id')::uuid FROM jsonb_array_elements(delta) AS d)
   ORDER BY c.id
  ON CONFLICT (customer_id) DO NOTHING;

  WITH d AS (
    SELECT * FROM jsonb_to_recordset(delta) AS d (customer_id uuid, deals bigint, completed bigint)
  ),
  counted AS (
    UPDATE customer_deal_counts k
       SET deals = k.deals + d.deals, completed = k.completed + d.completed
      FROM d
     WHERE k.customer_id = d.customer_id
    RETURNING k.user_id, k.day,
              (k.deals > 0)::int - (k.deals - d.deals > 0)::int AS opened,
              (k.completed > 0)::int - (k.completed - d.completed > 0)::int AS sold
  )
  SELECT jsonb_agg(x) INTO changes FROM (
    SELECT user_id, day, 0 AS customers, opened, sold FROM counted WHERE opened <> 0 OR sold <> 0
  ) x;
  IF changes IS NOT NULL THEN
    PERFORM customer_funnel_add(changes);
  END IF;
END $$;

CREATE FUNCTION customer_funnel_deals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_deal_counts SET deals = 0, completed = 0;
    UPDATE customer_funnel_daily SET opened = 0, sold = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT customer_id, count(*) AS deals, count(*) FILTER (WHERE status = 'completed') AS completed
        FROM new_deals WHERE customer_id IS NOT NULL GROUP BY 1
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT customer_id, -count(*) AS deals, -count(*) FILTER (WHERE status = 'completed') AS completed
        FROM old_deals WHERE customer_id IS NOT NULL GROUP BY 1
    ) x;
  ELSE
    SELECT jsonb_agg(x) INTO delta FROM (
      SELECT customer_id, sum(deals) AS deals, sum(completed) AS completed
        FROM (
          SELECT customer_id, 1 AS deals, (status = 'completed')::int AS completed FROM new_deals
          UNION ALL
          SELECT customer_id, -1, -(status = 'completed')::int FROM old_deals
        ) changes
       WHERE customer_id IS NOT NULL
       GROUP BY 1
      HAVING sum(deals) <> 0 OR sum(completed) <> 0
    ) x;
  END IF;
  IF delta IS NOT NULL THEN
    PERFORM customer_deals_changed(delta);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_funnel_deals_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_deals();
CREATE TRIGGER customer_funnel_deals_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_deals();
CREATE TRIGGER customer_funnel_deals_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_deals
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_deals();
CREATE TRIGGER customer_funnel_deals_truncate AFTER TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_deals();

-- Customers added, removed, or moved to another owner or day. A removed customer's deals lose their customer
-- (ON DELETE SET NULL), which runs the deals' trigger first or after this one: either way the counter row settles
-- the customer's opened and sold once, and is removed here.
CREATE FUNCTION customer_funnel_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_deal_counts;
    DELETE FROM customer_funnel_daily;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS customers, 0 AS opened, 0 AS sold FROM new_customers
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (
      DELETE FROM customer_deal_counts k USING old_customers o WHERE k.customer_id = o.id
      RETURNING k.customer_id, (k.deals > 0)::int AS opened, (k.completed > 0)::int AS sold
    )
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT o.user_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS customers,
             -coalesce(g.opened, 0) AS opened, -coalesce(g.sold, 0) AS sold
        FROM old_customers o LEFT JOIN gone g ON g.customer_id = o.id
    ) x;
  ELSE
    WITH moved AS (
      SELECT n.id, o.user_id AS old_user, (o.created_at AT TIME ZONE 'UTC')::date AS old_day,
             n.user_id AS new_user, (n.created_at AT TIME ZONE 'UTC')::date AS new_day
        FROM old_customers o JOIN new_customers n ON n.id = o.id
       WHERE (o.user_id, (o.created_at AT TIME ZONE 'UTC')::date) IS DISTINCT FROM (n.user_id, (n.created_at AT TIME ZONE 'UTC')::date)
       ORDER BY n.id
    ),
    kept AS (
      UPDATE customer_deal_counts k SET user_id = m.new_user, day = m.new_day
        FROM moved m WHERE k.customer_id = m.id
      RETURNING k.customer_id, (k.deals > 0)::int AS opened, (k.completed > 0)::int AS sold
    )
    SELECT jsonb_agg(x) INTO changes FROM (
      SELECT m.old_user AS user_id, m.old_day AS day, -1 AS customers, -coalesce(k.opened, 0) AS opened, -coalesce(k.sold, 0) AS sold
        FROM moved m LEFT JOIN kept k ON k.customer_id = m.id
      UNION ALL
      SELECT m.new_user, m.new_day, 1, coalesce(k.opened, 0), coalesce(k.sold, 0)
        FROM moved m LEFT JOIN kept k ON k.customer_id = m.id
    ) x;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM customer_funnel_add(changes);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_funnel_customers_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_customers();
CREATE TRIGGER customer_funnel_customers_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_customers();
CREATE TRIGGER customer_funnel_customers_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_customers();
CREATE TRIGGER customer_funnel_customers_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_funnel_customers();

INSERT INTO customer_deal_counts (customer_id, user_id, day, deals, completed)
SELECT c.id, c.user_id, (c.created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE d.status = 'completed')
  FROM customers c JOIN deals d ON d.customer_id = c.id
 GROUP BY c.id;

INSERT INTO customer_funnel_daily (user_id, day, customers, opened, sold)
SELECT c.user_id, (c.created_at AT TIME ZONE 'UTC')::date, count(*),
       count(*) FILTER (WHERE k.deals > 0), count(*) FILTER (WHERE k.completed > 0)
  FROM customers c LEFT JOIN customer_deal_counts k ON k.customer_id = c.id
 GROUP BY 1, 2;
