-- Connecting a WhatsApp number: the two-step verification PIN the app registered it with, and what
-- the local Cloud API needs to answer /register as Meta does.

-- Six digits per connection, sealed like the token (AES-256-GCM); null for coexistence numbers,
-- which are never registered.
ALTER TABLE whatsapp_connections ADD COLUMN register_pin_encrypted text;

-- The PIN the number was first registered with (a different one later is 133005), the /register
-- calls of the last 72 hours (10 allowed, then 133016), and a refusal the tester asked for.
ALTER TABLE dev_whatsapp_numbers ADD COLUMN register_pin text;
ALTER TABLE dev_whatsapp_numbers ADD COLUMN register_attempts timestamptz[] NOT NULL DEFAULT '{}';
ALTER TABLE dev_whatsapp_numbers ADD COLUMN register_fault text CHECK (register_fault IS NULL OR register_fault IN ('pending_review'));
