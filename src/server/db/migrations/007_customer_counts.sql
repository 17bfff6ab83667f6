-- Customers per owner and status, kept by statement triggers in the same transaction as the change. The summary
-- cards of the unfiltered list (what /customers opens with) add up a few rows instead of counting the table.
CREATE TABLE customer_counts (
  user_id uuid NOT NULL,
  status  text NOT NULL,
  n       bigint NOT NULL,
  PRIMARY KEY (user_id, status)
);

CREATE FUNCTION customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_counts;
    RETURN NULL;
  END IF;
  -- Sorted, so concurrent statements take the counter rows' locks in one order.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO customer_counts AS c (user_id, status, n)
    SELECT user_id, status, -count(*) FROM old_customers GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO customer_counts AS c (user_id, status, n)
    SELECT user_id, status, count(*) FROM new_customers GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + excluded.n;
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

INSERT INTO customer_counts (user_id, status, n)
SELECT user_id, status, count(*) FROM customers GROUP BY 1, 2;
