-- Webhook payloads are processed in batches straight from this table (no job per payload): a
-- processor takes the oldest unprocessed ones, a large one under a lease (locked_until), and a
-- failed one waits until locked_until before its next attempt, up to a limit (failed_at).
ALTER TABLE whatsapp_webhook_payloads
  ADD COLUMN bytes integer GENERATED ALWAYS AS (octet_length(body)) STORED,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN last_error text,
  ADD COLUMN failed_at timestamptz;

DROP INDEX whatsapp_webhook_payloads_unprocessed_idx;
CREATE INDEX whatsapp_webhook_payloads_unprocessed_idx ON whatsapp_webhook_payloads (received_at)
  WHERE processed_at IS NULL AND failed_at IS NULL;

-- Payloads still waiting for a job of the old kind are taken by the processor instead.
DELETE FROM jobs WHERE kind = 'whatsapp.webhook' AND status IN ('queued', 'running');

-- Every message a customer sends moves their last contact forward: room on each page lets that
-- update stay on the page (HOT) instead of adding entries to every index, the trigram ones included.
ALTER TABLE customers SET (fillfactor = 80);
