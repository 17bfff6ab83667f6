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

-- Appointments per day, agent, the customer's agent, the customer's lead source and outcome ('' while open): the
-- Analytics page's show rate, counted without reading the customers (a year is some tens of thousands of these rows
-- against a join of every appointment with its customer). Kept by statement triggers on tasks, which read each
-- appointment's customer as it is now, and by triggers on customers, which move a customer's appointments when their
-- agent or source changes, and take them away before the customer is deleted (the tasks' own trigger then finds no
-- customer for them and leaves them be).
CREATE TABLE appointment_outcomes_daily (
  day          date NOT NULL,
  assignee_id  uuid NOT NULL,
  owner_id     uuid NOT NULL,
  source       text NOT NULL,
  outcome      text NOT NULL,
  appointments bigint NOT NULL,
  PRIMARY KEY (day, assignee_id, owner_id, source, outcome)
);

CREATE FUNCTION appointment_outcomes_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM appointment_outcomes_daily;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO appointment_outcomes_daily AS k (day, assignee_id, owner_id, source, outcome, appointments)
    SELECT t.due_date, t.assignee_id, c.user_id, coalesce(c.lead_source_name, c.lead_source, 'No source'),
           coalesce(t.outcome, ''), -count(*)
    FROM old_tasks t JOIN customers c ON c.id = t.customer_id
    WHERE t.type = 'appointment'
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, assignee_id, owner_id, source, outcome) DO UPDATE SET appointments = k.appointments + excluded.appointments;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO appointment_outcomes_daily AS k (day, assignee_id, owner_id, source, outcome, appointments)
    SELECT t.due_date, t.assignee_id, c.user_id, coalesce(c.lead_source_name, c.lead_source, 'No source'),
           coalesce(t.outcome, ''), count(*)
    FROM new_tasks t JOIN customers c ON c.id = t.customer_id
    WHERE t.type = 'appointment'
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, assignee_id, owner_id, source, outcome) DO UPDATE SET appointments = k.appointments + excluded.appointments;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER appointment_outcomes_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_outcomes_apply();
CREATE TRIGGER appointment_outcomes_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_tasks NEW TABLE AS new_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_outcomes_apply();
CREATE TRIGGER appointment_outcomes_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_outcomes_apply();
CREATE TRIGGER appointment_outcomes_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_outcomes_apply();

-- A customer whose agent or source changed: their appointments leave the old key and join the new one.
CREATE FUNCTION appointment_outcomes_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appointment_outcomes_daily AS k (day, assignee_id, owner_id, source, outcome, appointments)
  SELECT t.due_date, t.assignee_id, moved.owner_id, moved.source, coalesce(t.outcome, ''), sum(moved.sign)
  FROM old_customers o JOIN new_customers n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (-1, o.user_id, coalesce(o.lead_source_name, o.lead_source, 'No source')),
    (1, n.user_id, coalesce(n.lead_source_name, n.lead_source, 'No source'))
  ) AS moved (sign, owner_id, source)
  JOIN tasks t ON t.customer_id = o.id AND t.type = 'appointment'
  WHERE (o.user_id, coalesce(o.lead_source_name, o.lead_source, 'No source'))
        IS DISTINCT FROM (n.user_id, coalesce(n.lead_source_name, n.lead_source, 'No source'))
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, assignee_id, owner_id, source, outcome) DO UPDATE SET appointments = k.appointments + excluded.appointments;
  RETURN NULL;
END $$;

CREATE TRIGGER appointment_outcomes_customer_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_customers NEW TABLE AS new_customers
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_outcomes_follow_customer();

CREATE FUNCTION appointment_outcomes_drop_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appointment_outcomes_daily AS k (day, assignee_id, owner_id, source, outcome, appointments)
  SELECT t.due_date, t.assignee_id, OLD.user_id, coalesce(OLD.lead_source_name, OLD.lead_source, 'No source'),
         coalesce(t.outcome, ''), -count(*)
  FROM tasks t WHERE t.customer_id = OLD.id AND t.type = 'appointment'
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (day, assignee_id, owner_id, source, outcome) DO UPDATE SET appointments = k.appointments + excluded.appointments;
  RETURN OLD;
END $$;

CREATE TRIGGER appointment_outcomes_customer_delete BEFORE DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION appointment_outcomes_drop_customer();

INSERT INTO appointment_outcomes_daily (day, assignee_id, owner_id, source, outcome, appointments)
SELECT t.due_date, t.assignee_id, c.user_id, coalesce(c.lead_source_name, c.lead_source, 'No source'),
       coalesce(t.outcome, ''), count(*)
FROM tasks t JOIN customers c ON c.id = t.customer_id
WHERE t.type = 'appointment'
GROUP BY 1, 2, 3, 4, 5;
