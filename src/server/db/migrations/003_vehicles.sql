-- Inventory search: make, model and VIN as one lower-cased text, so "contains" is a single LIKE served by one
-- trigram index instead of three case-folding ILIKEs (about three times faster when a search matches thousands).
ALTER TABLE vehicles
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(make || ' ' || model || ' ' || coalesce(vin, ''))) STORED;
CREATE INDEX vehicles_search_trgm ON vehicles USING gin (search_text gin_trgm_ops);
DROP INDEX vehicles_model_trgm;
DROP INDEX vehicles_vin_trgm;

-- The duplicate-VIN warning looks a VIN up exactly.
CREATE INDEX vehicles_vin_idx ON vehicles (vin) WHERE vin IS NOT NULL;

-- The price and year sorts page through these instead of sorting the whole lot.
CREATE INDEX vehicles_price_idx ON vehicles (price_cents, id);
CREATE INDEX vehicles_year_idx ON vehicles (year, id);
