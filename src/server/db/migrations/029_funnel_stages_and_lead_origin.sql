-- Figures that agree (docs/decisions/021-funnel-stages.md): the funnel is the pipeline's own stages, a completed sale
-- moves its customer to the last one, and a customer a lead brought in keeps the lead source it came from.

-- Where a lead brought the customer from: the lead source's name (the sender's address for ADF in mail) and how it
-- arrived. Null for a customer a person added, whose `lead_source` is the one they picked.
ALTER TABLE customers
  ADD COLUMN lead_source_name text,
  ADD COLUMN lead_channel text CHECK (lead_channel IN ('adf', 'email', 'form')),
  ADD CONSTRAINT customers_lead_origin_whole CHECK ((lead_source_name IS NULL) = (lead_channel IS NULL));

-- The intake wrote 'Website' for every such customer; it stays only where a person has chosen a source since.
WITH origin AS (
  SELECT DISTINCT ON (a.entity_id) a.entity_id AS customer_id, l.source_name, l.channel
    FROM audit_log a JOIN leads l ON l.id::text = a.changes ->> 'lead'
   WHERE a.entity_type = 'customer' AND a.action = 'created_from_lead' AND l.channel <> 'manual'
   ORDER BY a.entity_id, a.created_at
)
UPDATE customers c
   SET lead_source_name = o.source_name,
       lead_channel = o.channel,
       lead_source = CASE
         WHEN c.lead_source = 'Website' AND NOT EXISTS (
           SELECT 1 FROM audit_log e
            WHERE e.entity_type = 'customer' AND e.entity_id = c.id AND e.action = 'updated' AND e.changes ? 'lead_source')
         THEN NULL ELSE c.lead_source END
  FROM origin o
 WHERE o.customer_id = c.id;

-- The funnel and the new-customer figures now read customer_stage_daily (migration 027) alone; the counts of
-- customers with a deal or a sale per day added are no longer read by anything.
DROP TRIGGER customer_funnel_deals_insert ON deals;
DROP TRIGGER customer_funnel_deals_update ON deals;
DROP TRIGGER customer_funnel_deals_delete ON deals;
DROP TRIGGER customer_funnel_deals_truncate ON deals;
DROP TRIGGER customer_funnel_customers_insert ON customers;
DROP TRIGGER customer_funnel_customers_update ON customers;
DROP TRIGGER customer_funnel_customers_delete ON customers;
DROP TRIGGER customer_funnel_customers_truncate ON customers;
DROP FUNCTION customer_funnel_deals();
DROP FUNCTION customer_deals_changed(jsonb);
DROP FUNCTION customer_funnel_customers();
DROP FUNCTION customer_funnel_add(jsonb);
DROP TABLE customer_deal_counts;
DROP TABLE customer_funnel_daily;

-- Customers whose sale was completed before a sale moved its customer: at the last stage (unless a person set their
-- stage after that sale was last saved), and active if they were still a prospect. Audited as the app does it, in
-- the name of the deal's agent.
WITH stages AS (
  SELECT coalesce(
           (SELECT s.value -> 'pipeline_stages' FROM settings s
             WHERE s.key = 'crm' AND jsonb_typeof(s.value -> 'pipeline_stages') = 'array'
               AND jsonb_array_length(s.value -> 'pipeline_stages') > 0),
           '["Lead", "Qualified", "Test Drive", "Negotiation", "Closed"]'::jsonb) AS names
),
sale AS (
  SELECT DISTINCT ON (d.customer_id) d.customer_id, d.id AS deal_id, d.user_id, d.updated_at
    FROM deals d
   WHERE d.status = 'completed' AND d.customer_id IS NOT NULL
   ORDER BY d.customer_id, d.updated_at DESC, d.id
),
moved AS (
  SELECT c.id, sale.deal_id, sale.user_id,
         coalesce(c.pipeline_stage, stages.names ->> 0) AS stage_before,
         CASE WHEN EXISTS (
           SELECT 1 FROM audit_log a
            WHERE a.entity_type = 'customer' AND a.entity_id = c.id AND a.action = 'stage_changed'
              AND a.created_at > sale.updated_at)
           THEN coalesce(c.pipeline_stage, stages.names ->> 0) ELSE stages.names ->> -1 END AS stage_after,
         c.status AS status_before,
         CASE WHEN c.status = 'prospect' THEN 'active' ELSE c.status END AS status_after
    FROM customers c JOIN sale ON sale.customer_id = c.id CROSS JOIN stages
),
changed AS (
  UPDATE customers c
     SET pipeline_stage = m.stage_after, status = m.status_after
    FROM moved m
   WHERE c.id = m.id AND (m.stage_after <> m.stage_before OR m.status_after <> m.status_before)
  RETURNING c.id
)
INSERT INTO audit_log (actor_id, entity_type, entity_id, action, changes)
SELECT m.user_id, 'customer', m.id, 'deal_completed',
       jsonb_strip_nulls(jsonb_build_object(
         'deal_id', m.deal_id,
         'stage', CASE WHEN m.stage_after <> m.stage_before THEN jsonb_build_object('from', m.stage_before, 'to', m.stage_after) END,
         'status', CASE WHEN m.status_after <> m.status_before THEN jsonb_build_object('from', m.status_before, 'to', m.status_after) END))
  FROM moved m JOIN changed USING (id);
