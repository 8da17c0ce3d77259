-- Rate-limit counters, shared by every API instance (server/http/rate-limit-store.ts). One row per
-- route and caller; a row whose window has passed counts as absent, so pruning it never changes an answer.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);

-- Pruning deletes expired rows (reset_at <= now()).
CREATE INDEX rate_limit_hits_reset_at_idx ON rate_limit_hits (reset_at);
