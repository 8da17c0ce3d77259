-- Coexistence: the owner declined to share the Business app's chat history (Meta's error 2593109).
ALTER TABLE whatsapp_connections ADD COLUMN history_sync_declined_at timestamptz;
