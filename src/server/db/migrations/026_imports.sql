-- CSV imports of customers and vehicles. The uploaded rows wait here between the mapping, the dry run and the run
-- (`source_rows`, cleared once the run ends), so any Torque process can take the next step.
CREATE TABLE imports (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind IN ('customers', 'vehicles')),
  user_id     uuid NOT NULL REFERENCES users (id),
  file_name   text NOT NULL,
  headers     text[] NOT NULL,
  source_rows jsonb,
  row_count   integer NOT NULL CHECK (row_count >= 0),
  mapping     jsonb,
  status      text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'running', 'done', 'failed', 'undone')),
  new_count       integer NOT NULL DEFAULT 0,
  updated_count   integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  invalid_count   integer NOT NULL DEFAULT 0,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3),
  undone_at   timestamptz(3)
);
CREATE INDEX imports_user_created_idx ON imports (user_id, created_at DESC);

-- What an import changed, for its undo: the record's row before (null when the import created it) and the version the
-- import wrote, so a record changed since is left alone.
CREATE TABLE import_changes (
  import_id  uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  record_id  uuid NOT NULL,
  previous   jsonb,
  written_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (import_id, record_id)
);
