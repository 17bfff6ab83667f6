-- Appointments are tasks of type 'appointment' with a start (the due day and its local time), a length and a place.
-- The customer is invited by mail with an iCalendar request when `invite_customer` is on: `invitation` says what the
-- customer was last sent (NULL: nothing yet; 'sent': the invitation or a change; 'cancelled': the cancellation), at
-- `invited_at`, and `invite_sequence` is RFC 5545's SEQUENCE of it (raised with every change the customer is told of).
-- `customer_reminded_at` and `agent_reminded_at` are set once by whichever process sends the reminder, and cleared when
-- the appointment moves.
ALTER TABLE tasks
  ADD COLUMN duration_minutes     integer CHECK (duration_minutes BETWEEN 5 AND 720),
  ADD COLUMN place                text,
  ADD COLUMN invite_customer      boolean NOT NULL DEFAULT false,
  ADD COLUMN invitation           text CHECK (invitation IN ('sent', 'cancelled')),
  ADD COLUMN invite_sequence      integer NOT NULL DEFAULT 0 CHECK (invite_sequence >= 0),
  ADD COLUMN invited_at           timestamptz(3),
  ADD COLUMN customer_reminded_at timestamptz(3),
  ADD COLUMN agent_reminded_at    timestamptz(3);

-- An appointment saved before it had a start kept only a day: without a time it is a to-do on that day, as it was
-- shown; those with a time last an hour.
UPDATE tasks SET type = 'todo' WHERE type = 'appointment' AND due_time IS NULL;
UPDATE tasks SET duration_minutes = 60 WHERE type = 'appointment';

ALTER TABLE tasks
  ADD CONSTRAINT tasks_appointment_has_a_start
    CHECK ((type = 'appointment') = (duration_minutes IS NOT NULL) AND (type <> 'appointment' OR due_time IS NOT NULL));

-- How an appointment went: the customer came (showed), did not (no_show), bought (sold), or it was called off
-- (cancelled). A task of another type keeps its own outcomes (the service holds each type to its list).
ALTER TABLE tasks DROP CONSTRAINT tasks_outcome_check;
ALTER TABLE tasks
  ADD CONSTRAINT tasks_outcome_check CHECK (outcome IN (
    'reached', 'left_message', 'no_answer', 'rescheduled', 'other', 'showed', 'no_show', 'sold', 'cancelled'));

-- Analytics' show rate: appointments by the day they were for.
CREATE INDEX tasks_appointments_idx ON tasks (due_date, assignee_id) WHERE type = 'appointment';

-- The calendar: a user's tasks, or the team's, by day whatever their state.
CREATE INDEX tasks_assignee_day_idx ON tasks (assignee_id, due_date);
CREATE INDEX tasks_day_idx ON tasks (due_date);

-- Each user's private calendar feed (an iCalendar address Google, Outlook and Apple Calendar subscribe to): the address
-- holds a random token, and only its SHA-256 is kept, so the address is shown once when it is made. Making a new one
-- replaces it; the old address stops answering.
CREATE TABLE calendar_feeds (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- The morning e-mail of a user's day (their overdue and today's tasks and appointments) at 7:30 the company's time,
-- for those who asked for it (a row each). `sent_for` is the day the last one was for: the job claims a day by
-- setting it, so a day's e-mail leaves once whichever process runs the job.
CREATE TABLE task_digests (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_for   date,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
