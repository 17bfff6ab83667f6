-- Team chat and notifications on real data, and the events that carry them to every Torque process.

-- The chat panel's channels (Company, Agents, Admin) are chats created on first use, one of each.
ALTER TABLE chats ADD COLUMN channel text UNIQUE CHECK (channel IN ('company', 'agents', 'admin'));

ALTER TABLE messages ADD CONSTRAINT messages_content_length CHECK (length(content) <= 4000);
-- Older pages of a chat are read newest first by (created_at, id).
DROP INDEX messages_chat_created_idx;
CREATE INDEX messages_chat_created_idx ON messages (chat_id, created_at, id);

ALTER TABLE notifications ADD COLUMN kind text NOT NULL DEFAULT 'general';
-- Where the notification leads in the app, as a path ('/deals/…').
ALTER TABLE notifications ADD COLUMN link text;
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);

-- Who belongs to a chat whose members the database keeps: a company chat and the Company and Agents channels hold
-- every active user, the Admin channel every active admin. Other chats keep the members their creator chose.
CREATE FUNCTION chat_keeps_member(chat_type text, chat_channel text, user_role text, user_banned boolean)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT user_banned IS NOT TRUE AND CASE
    WHEN chat_channel = 'admin' THEN user_role = 'admin'
    WHEN chat_channel IS NOT NULL THEN true
    ELSE chat_type = 'company'
  END
$$;

-- A user created, (de)activated or given another role joins or leaves those chats at once, and every Torque process
-- hears of it (its sockets re-check their session and refresh their chats).
CREATE FUNCTION users_keep_chats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_participants (chat_id, user_id, is_active)
  SELECT c.id, NEW.id, chat_keeps_member(c.type, c.channel, NEW.role, NEW.banned)
  FROM chats c
  WHERE (c.type = 'company' OR c.channel IS NOT NULL)
    AND (chat_keeps_member(c.type, c.channel, NEW.role, NEW.banned)
         OR EXISTS (SELECT 1 FROM chat_participants p WHERE p.chat_id = c.id AND p.user_id = NEW.id))
  ON CONFLICT (chat_id, user_id) DO UPDATE SET is_active = EXCLUDED.is_active
  WHERE chat_participants.is_active IS DISTINCT FROM EXCLUDED.is_active;
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('torque_events', json_build_object('kind', 'user', 'data', json_build_object('userId', NEW.id))::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_keep_chats AFTER INSERT OR UPDATE OF role, banned ON users
FOR EACH ROW EXECUTE FUNCTION users_keep_chats();

-- A session deleted (sign-out, a deactivated user, a revoked session) closes its sockets in every process.
CREATE FUNCTION sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('torque_events', json_build_object('kind', 'session', 'data', json_build_object('sessionId', OLD.id))::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_ended();
