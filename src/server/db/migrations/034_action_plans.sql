-- Action plans: sequences of tasks admins define (a step is a day after the start, a task type, a title and an optional
-- message), started on a customer by hand or by an event: a new lead from a chosen source, or a completed deal.
-- `starts_on` names the event; `lead_source` is the source's name for 'lead'.
CREATE TABLE action_plans (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  starts_on   text NOT NULL DEFAULT 'manual' CHECK (starts_on IN ('manual', 'lead', 'deal_completed')),
  lead_source text,
  -- [{ day, type, title, message }], in the order of their days (the shared schema checks each step).
  steps       jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 20),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  updated_at  timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((starts_on = 'lead') = (lead_source IS NOT NULL))
);
CREATE UNIQUE INDEX action_plans_name_key ON action_plans (lower(name));
-- The plans an event starts: the lead intake finds those of its source in one probe.
CREATE INDEX action_plans_event_idx ON action_plans (starts_on, lower(lead_source)) WHERE active;

-- A plan running on a customer. Its steps are copied when it starts, so changing the plan changes the runs started
-- after. Each step becomes a task on its day (`start_day` + the step's day, the company's), for the customer's agent
-- then; `steps_added` counts the steps whose day has come, in order, so a step's task that a person removes stays
-- removed. A run stops when the customer answers, buys or is marked inactive (lost), when a person stops it, or when
-- its last step has been added (finished). A customer is on one plan at a time.
CREATE TABLE plan_runs (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id     uuid REFERENCES action_plans (id) ON DELETE SET NULL,
  plan_name   text NOT NULL,
  steps       jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 20),
  steps_added integer NOT NULL DEFAULT 0 CHECK (steps_added BETWEEN 0 AND 20),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  start_day   date NOT NULL,
  started_at  timestamptz(3) NOT NULL DEFAULT now(),
  started_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  stopped_at  timestamptz(3),
  stop_reason text CHECK (stop_reason IN ('answered', 'bought', 'lost', 'by_hand', 'finished')),
  stopped_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  CHECK ((stopped_at IS NULL) = (stop_reason IS NULL))
);
CREATE UNIQUE INDEX plan_runs_one_running ON plan_runs (customer_id) WHERE stopped_at IS NULL;
CREATE INDEX plan_runs_customer_idx ON plan_runs (customer_id, started_at DESC);
-- The job that adds each day's steps reads only the running plans.
CREATE INDEX plan_runs_running_idx ON plan_runs (start_day) WHERE stopped_at IS NULL;

-- A task a plan's step added names its run and the step (its place in the run's steps, from 0); each step is added
-- once, whichever process runs the job and however often.
ALTER TABLE tasks
  ADD COLUMN plan_run_id uuid REFERENCES plan_runs (id) ON DELETE CASCADE,
  ADD COLUMN plan_step   integer CHECK (plan_step BETWEEN 0 AND 19),
  ADD CONSTRAINT tasks_plan_step_of_plan CHECK ((plan_run_id IS NULL) = (plan_step IS NULL)),
  ADD CONSTRAINT tasks_plan_rule CHECK ((rule IS NOT DISTINCT FROM 'plan') = (plan_run_id IS NOT NULL));
ALTER TABLE tasks DROP CONSTRAINT tasks_rule_check;
ALTER TABLE tasks
  ADD CONSTRAINT tasks_rule_check CHECK (rule IN ('follow_up', 'first_response', 'delivery', 'plan'));
CREATE UNIQUE INDEX tasks_plan_step_once ON tasks (plan_run_id, plan_step) WHERE plan_run_id IS NOT NULL;
