-- pg-boss (its own `pgboss` schema) schedules each delivery and its retries, so the outbox no longer keeps a due time:
-- it records what was sent, to whom, how many attempts it took and the last error, for admins to read.
DROP INDEX outbox_due_idx;
ALTER TABLE outbox DROP COLUMN next_attempt_at;

-- The admins' outbox list, newest first (keyset paging on created_at, id).
CREATE INDEX outbox_created_idx ON outbox (created_at DESC, id DESC);
