-- Tasks: the next thing to do with a customer (a call, an e-mail, a text, an appointment, a to-do), due on a business
-- day of the company's time zone and optionally at a local time, given to one user. A task always belongs to a
-- customer and may name the deal, lead or vehicle it is about. Completing it records how it went (`outcome`), and the
-- customer's timeline (the audit log) keeps every step.
CREATE TABLE tasks (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type         text NOT NULL CHECK (type IN ('call', 'email', 'text', 'appointment', 'todo')),
  title        text NOT NULL,
  notes        text,
  -- A day in the company's time zone, and the local time on it; no time means any time that day.
  due_date     date NOT NULL,
  due_time     time,
  priority     text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
  assignee_id  uuid NOT NULL REFERENCES users (id),
  customer_id  uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  deal_id      uuid REFERENCES deals (id) ON DELETE SET NULL,
  lead_id      uuid REFERENCES leads (id) ON DELETE SET NULL,
  vehicle_id   uuid REFERENCES vehicles (id) ON DELETE SET NULL,
  completed_at timestamptz(3),
  completed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  outcome      text CHECK (outcome IN ('reached', 'left_message', 'no_answer', 'rescheduled', 'other')),
  outcome_note text,
  created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now(),
  -- A task is done exactly when it has an outcome.
  CHECK ((completed_at IS NULL) = (outcome IS NULL))
);

-- My Tasks: a user's open tasks by day and time (overdue, today, upcoming), and their done ones newest first.
CREATE INDEX tasks_open_idx ON tasks (assignee_id, due_date, due_time, id) WHERE completed_at IS NULL;
CREATE INDEX tasks_done_idx ON tasks (assignee_id, completed_at DESC, id DESC) WHERE completed_at IS NOT NULL;
-- The team view: every open task by day.
CREATE INDEX tasks_open_due_idx ON tasks (due_date, due_time, id) WHERE completed_at IS NULL;
-- A customer's tasks (their page, and the agent's view of tasks on their own customers).
CREATE INDEX tasks_customer_idx ON tasks (customer_id, due_date);
CREATE INDEX tasks_deal_idx ON tasks (deal_id) WHERE deal_id IS NOT NULL;
CREATE INDEX tasks_lead_idx ON tasks (lead_id) WHERE lead_id IS NOT NULL;
CREATE INDEX tasks_vehicle_idx ON tasks (vehicle_id) WHERE vehicle_id IS NOT NULL;
