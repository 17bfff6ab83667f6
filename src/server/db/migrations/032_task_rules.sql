-- Tasks Torque adds by itself, each by a rule of Settings → CRM that admins can turn off: a follow-up for a customer
-- nobody has been in contact with for the follow-up reminder's days, a first answer to a lead from intake, and the
-- follow-ups of a completed deal. `rule` names the rule that made a task (NULL for a task a person added); `rule_day`
-- is a delivery follow-up's day after the deal was completed.
ALTER TABLE tasks
  ADD COLUMN rule     text CHECK (rule IN ('follow_up', 'first_response', 'delivery')),
  ADD COLUMN rule_day integer CHECK (rule_day BETWEEN 1 AND 365),
  ADD CONSTRAINT tasks_rule_day_of_delivery CHECK ((rule IS NOT DISTINCT FROM 'delivery') = (rule_day IS NOT NULL));

-- "Exactly one" is the database's promise, whichever process runs a rule and however often (the rules insert with
-- ON CONFLICT DO NOTHING): one open follow-up per customer, one first-response task per lead, one delivery follow-up
-- per deal and day.
CREATE UNIQUE INDEX tasks_follow_up_once ON tasks (customer_id) WHERE rule = 'follow_up' AND completed_at IS NULL;
CREATE UNIQUE INDEX tasks_first_response_once ON tasks (lead_id) WHERE rule = 'first_response';
CREATE UNIQUE INDEX tasks_delivery_once ON tasks (deal_id, rule_day) WHERE rule = 'delivery';

-- The follow-up rule's "no contact since": a customer's latest contact on their timeline (a person's e-mail, offer or
-- logged contact, the customer's own mail, a task done with them), one index probe per customer.
CREATE INDEX audit_log_contact_idx ON audit_log (entity_id, created_at DESC)
  WHERE entity_type = 'customer'
    AND action IN ('email_sent', 'offer_sent', 'contact_logged', 'email_received', 'task_completed');
