-- Every call to the LLM (issue 18), answered or not: what it cost and how it ended, per company. The
-- monthly budget sums cost_micros over the company's calendar month (America/Sao_Paulo).
CREATE TABLE llm_calls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  user_id uuid REFERENCES users ON DELETE SET NULL,
  purpose text NOT NULL CHECK (purpose IN ('advisor', 'preview', 'suggestion', 'watcher')),
  model text NOT NULL,
  prompt_tokens integer NOT NULL CHECK (prompt_tokens >= 0),
  completion_tokens integer NOT NULL CHECK (completion_tokens >= 0),
  -- The endpoint gave no usage: the counts are estimates (characters / 4).
  tokens_estimated boolean NOT NULL DEFAULT false,
  -- Millionths of a real (BRL), from the configured prices.
  cost_micros bigint NOT NULL CHECK (cost_micros >= 0),
  outcome text NOT NULL CHECK (outcome IN ('ok', 'budget', 'timeout', 'unavailable', 'aborted')),
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX llm_calls_company_created ON llm_calls (company_id, created_at);
