-- Desking: the worksheet the desk pencils on a deal (price, rebates, fees, products, trade-ins, cash down and how the
-- customer pays), one per deal, as the shared schema (shared/desking/worksheet.ts) checks it. `state` is the state
-- whose tax rule (Settings → Desking) figures the sales tax; the figures are worked out from the two whenever the
-- worksheet is read, so they are never stored apart from what they come from.
CREATE TABLE deal_worksheets (
  deal_id     uuid PRIMARY KEY REFERENCES deals (id) ON DELETE CASCADE,
  state       text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
  worksheet   jsonb NOT NULL CHECK (jsonb_typeof(worksheet) = 'object'),
  updated_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at  timestamptz(3) NOT NULL DEFAULT now()
);
