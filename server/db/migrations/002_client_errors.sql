-- Rendering errors the web client reports (POST /api/client-errors). Stands alone: no company, no user,
-- because a screen can fail before anyone signs in.
CREATE TABLE client_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message text NOT NULL,
  stack text,
  component_stack text,
  url text NOT NULL,
  release text,
  user_agent text,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX client_errors_created_at_idx ON client_errors (created_at DESC);
