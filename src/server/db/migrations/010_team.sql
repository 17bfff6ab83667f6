-- Invitations are used once: inviting the same address again revokes the open one, so one link at most works.
ALTER TABLE invitations ADD COLUMN revoked_at timestamptz(3);
CREATE UNIQUE INDEX invitations_open_email_idx ON invitations (lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;
