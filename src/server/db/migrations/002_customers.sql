-- Customer lists sorted by name, for everyone and per owner (also the referral picker).
CREATE INDEX customers_name_idx ON customers (name, id);
CREATE INDEX customers_owner_name_idx ON customers (user_id, name, id);

-- "Prefers SUV": array containment.
CREATE INDEX customers_preferred_cars_gin ON customers USING gin (preferred_cars);

-- Duplicate warning: the same phone however it was typed, '(555) 123-4567' or '555.123.4567'.
CREATE INDEX customers_phone_digits_idx ON customers (regexp_replace(phone, '\D', '', 'g')) WHERE phone IS NOT NULL;
