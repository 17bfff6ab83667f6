-- An agent's summary cards (their customers by status), counted from the index alone.
CREATE INDEX customers_owner_status_idx ON customers (user_id, status);
