-- The contact-consent ledger: each customer's permission to be sent marketing by e-mail and by SMS, as a history that
-- is only ever added to. The latest row of a customer and channel is what is in force; no row means no consent.
CREATE TABLE contact_consents (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  status      text NOT NULL CHECK (status IN ('opted_in', 'opted_out')),
  source      text NOT NULL CHECK (source IN ('in_person', 'phone', 'web_form', 'paper_form', 'email_reply', 'sms_reply',
                                              'unsubscribe_link', 'import')),
  -- The words the customer was shown or said when they gave or withdrew consent.
  wording     text CHECK (length(wording) <= 2000),
  -- Who recorded it; null when the customer did it themselves (an unsubscribe link, an SMS reply).
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  recorded_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX contact_consents_current_idx ON contact_consents (customer_id, channel, recorded_at DESC, id DESC);

-- A change the customer made themselves (an unsubscribe link, an SMS reply) is audited without a user behind it.
ALTER TABLE audit_log ALTER COLUMN actor_id DROP NOT NULL;
