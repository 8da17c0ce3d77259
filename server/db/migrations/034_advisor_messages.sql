-- The advisor's chat (issue 18): each member's conversation in a company, kept per (company, user).
-- A question and its answer are written together; `seq` orders them (both share one now()).
CREATE TABLE advisor_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  text text NOT NULL,
  -- contracts/advisor.ts advisorSourceSchema[]: the records the answer used, with their app links.
  sources jsonb NOT NULL DEFAULT '[]',
  -- online / offline on answers; null on questions.
  mode text CHECK (mode IS NULL OR mode IN ('online', 'offline')),
  status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'user') = (mode IS NULL))
);
-- The newest messages of one member's conversation.
CREATE INDEX advisor_messages_conversation_idx ON advisor_messages (company_id, user_id, seq DESC);
