-- The local WhatsApp Cloud API (dev pages only), beyond 015.

-- Webhook bodies queued together (a status sequence read-before-delivered, history chunks in a
-- chosen order) go out in the order they were queued; timestamps can tie, a sequence cannot.
ALTER TABLE dev_whatsapp_deliveries ADD COLUMN seq bigserial;
CREATE INDEX dev_whatsapp_deliveries_order_idx ON dev_whatsapp_deliveries (seq) WHERE delivered_at IS NULL;

-- Numbers the play page marks "sem WhatsApp": a business send to one is accepted and then fails by
-- webhook with 131026 (undeliverable), as Meta does.
CREATE TABLE dev_whatsapp_unreachable (
  -- The number's phone key (the Brazilian ninth digit dropped), so both forms are one entry.
  phone_key text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
