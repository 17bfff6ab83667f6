-- Inventory photos: each vehicle's pictures in the order shown, the first its cover. An upload is checked by its
-- content and stored in three sizes (thumbnail, card, full), each a JPEG with its orientation applied and every
-- metadata block (EXIF location among them) left out; `sha256` is the full size's hash. Deleting the vehicle removes
-- its rows here, and its files with them.
CREATE TABLE vehicle_photos (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vehicle_id    uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
  position      integer NOT NULL CHECK (position >= 0),
  file_name     text NOT NULL,
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  thumb_key     text NOT NULL UNIQUE,
  card_key      text NOT NULL UNIQUE,
  full_key      text NOT NULL UNIQUE,
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes         bigint NOT NULL CHECK (bytes > 0),
  uploaded_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now()
);

CREATE INDEX vehicle_photos_vehicle_idx ON vehicle_photos (vehicle_id, position);
