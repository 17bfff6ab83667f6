-- Mail held while no mail server existed is sent or discarded by an admin once one does. A discarded mail is kept, with
-- who discarded it and when, and is never sent.
ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'held', 'discarded'));
ALTER TABLE outbox
  ADD COLUMN discarded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN discarded_at timestamptz(3),
  -- The appointment a mail is about (its invitation, change, cancellation or reminder) and the start the mail speaks
  -- of: such a mail is pointless once that start has passed.
  ADD COLUMN appointment_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  ADD COLUMN appointment_starts_at timestamptz(3),
  ADD CONSTRAINT outbox_discarded_check CHECK ((status = 'discarded') = (discarded_at IS NOT NULL));

-- The held mail admins send or discard, newest first.
CREATE INDEX outbox_held_mail_idx ON outbox (created_at DESC, id DESC) WHERE kind = 'email' AND status = 'held';
