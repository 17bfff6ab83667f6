-- Each session keeps the length the security settings gave it when it began (8 hours by default); it is renewed to
-- that length while in use.
ALTER TABLE sessions ADD COLUMN lifetime_seconds integer NOT NULL DEFAULT 28800 CHECK (lifetime_seconds > 0);
