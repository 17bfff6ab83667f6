-- Two-factor sign-in with an authenticator app (better-auth's twoFactor plugin, decision 013).

-- On once the user has entered a code from their app; sign-in then asks for a code after the password.
ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

-- A user's authenticator secret and recovery codes, both encrypted with the session secret by better-auth. A row
-- with `verified` false is an enrolment begun and not yet confirmed with a code.
CREATE TABLE two_factors (
  id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                   uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  secret                    text NOT NULL,
  backup_codes              text NOT NULL,
  verified                  boolean NOT NULL DEFAULT false,
  -- Wrong codes in a row at sign-in, from any address; ten lock the second step for fifteen minutes.
  failed_verification_count integer NOT NULL DEFAULT 0,
  locked_until              timestamptz(3),
  created_at                timestamptz(3) NOT NULL DEFAULT now()
);

-- A demo sign-in (only on the machine running the embedded demo) needs no second factor, whatever the settings say.
ALTER TABLE sessions ADD COLUMN two_factor_exempt boolean NOT NULL DEFAULT false;
