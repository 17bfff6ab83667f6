-- A switched session remembers the admin's own session it was started from: signing out of either ends both.
ALTER TABLE sessions ADD COLUMN switched_from uuid REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX sessions_switched_from_idx ON sessions (switched_from) WHERE switched_from IS NOT NULL;
CREATE INDEX sessions_impersonated_by_idx ON sessions (impersonated_by) WHERE impersonated_by IS NOT NULL;

-- Deactivating a user ends their sessions at once, and the switched sessions they started as an admin, so that
-- activating them again later does not bring an old session back.
CREATE FUNCTION end_sessions_of_deactivated_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE user_id = NEW.id OR impersonated_by = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_deactivated AFTER UPDATE OF banned ON users
  FOR EACH ROW WHEN (NEW.banned IS TRUE AND OLD.banned IS DISTINCT FROM TRUE)
  EXECUTE FUNCTION end_sessions_of_deactivated_user();

DELETE FROM sessions s USING users u WHERE u.banned IS TRUE AND (s.user_id = u.id OR s.impersonated_by = u.id);
