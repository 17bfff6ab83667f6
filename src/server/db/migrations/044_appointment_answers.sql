-- The customer's answer to an appointment's invitation (RFC 5546 §3.2.3, an iTIP REPLY): the PARTSTAT they gave
-- (RFC 5545 §3.2.12) and when it was read. `invite_mailbox_id` is the mailbox the invitation named as ORGANIZER, the one
-- Torque reads their reply from; NULL when no such mailbox was connected, and then no answer was asked (RSVP=FALSE).
ALTER TABLE tasks
  ADD COLUMN invite_mailbox_id    uuid REFERENCES mailboxes (id) ON DELETE SET NULL,
  ADD COLUMN customer_answer      text CHECK (customer_answer IN ('accepted', 'declined', 'tentative')),
  ADD COLUMN customer_answered_at timestamptz(3);

-- A mailbox removed clears the tasks that named it without reading the whole table.
CREATE INDEX tasks_invite_mailbox_idx ON tasks (invite_mailbox_id) WHERE invite_mailbox_id IS NOT NULL;
