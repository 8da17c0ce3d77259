-- The answers of creates, by the Idempotency-Key their caller sent (server/http/idempotency.ts): a
-- repeat with the same key answers the stored status and data instead of creating again. A key is
-- the caller's within their company. The row is written in the create's own transaction (status and
-- response are NULL only inside it) and pruned a day later (server/modules/maintenance/prune.ts).
CREATE TABLE idempotency_keys (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  -- sha256 of the method, the path and the body: the same key with other data is refused.
  fingerprint text NOT NULL,
  status smallint,
  -- json, not jsonb: a replay answers the data as first written, keys in the same order.
  response json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id, key)
);

CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
