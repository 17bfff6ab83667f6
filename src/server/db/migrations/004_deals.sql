-- Deals: "contains" search on the Individual Deals list, and covering indexes so the analytics aggregates of a
-- year read only the index (status and owner first, then the day; the summed columns carried along).

CREATE INDEX deals_customer_name_trgm ON deals USING gin (customer_name gin_trgm_ops);
CREATE INDEX deals_model_trgm ON deals USING gin (model gin_trgm_ops);
CREATE INDEX deals_manufacturer_trgm ON deals USING gin (manufacturer gin_trgm_ops);

CREATE INDEX deals_status_date_sales_idx ON deals (status, date)
  INCLUDE (manufacturer, contract_price_cents, broker_fee_cents, user_id);
CREATE INDEX deals_owner_status_date_sales_idx ON deals (user_id, status, date)
  INCLUDE (manufacturer, contract_price_cents, broker_fee_cents);

-- A deal's timeline also shows the vehicle and document changes it caused, which carry the deal's id.
CREATE INDEX audit_log_deal_idx ON audit_log ((changes ->> 'deal_id')) WHERE changes ? 'deal_id';
