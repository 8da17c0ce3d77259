-- The conversation watcher's suggestions (issue 18, contracts/ai-suggestions.ts): one per analysed
-- turn of a conversation at most (`message_id` is the turn's last inbound message), pending until the
-- owner accepts it (the task or deal it made is kept) or dismisses it. Goes with its customer.
CREATE TABLE ai_suggestions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  customer_id uuid NOT NULL,
  message_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('task', 'deal', 'stage-change')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'dismissed')),
  reason text NOT NULL,
  -- kind task
  task_description text,
  task_due_at timestamptz,
  -- kind deal
  deal_title text,
  deal_value_cents bigint,
  -- kind stage-change: this deal to that stage
  deal_id uuid,
  to_stage_id uuid,
  -- What accepting made (or moved).
  made_task_id uuid,
  made_deal_id uuid,
  decided_by_user_id uuid REFERENCES users ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  UNIQUE (company_id, message_id),
  FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, message_id) REFERENCES conversation_messages (company_id, id) ON DELETE CASCADE,
  -- A deal or stage that is gone takes its pending stage change with it.
  FOREIGN KEY (company_id, deal_id) REFERENCES deals (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, to_stage_id) REFERENCES deal_stages (company_id, id) ON DELETE CASCADE,
  CHECK (kind <> 'task' OR (task_description IS NOT NULL AND task_due_at IS NOT NULL)),
  CHECK (kind <> 'deal' OR deal_title IS NOT NULL),
  CHECK (kind <> 'stage-change' OR (deal_id IS NOT NULL AND to_stage_id IS NOT NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);

-- The pending list, newest first, of the company or of one customer.
CREATE INDEX ai_suggestions_pending ON ai_suggestions (company_id, created_at DESC) WHERE status = 'pending';
CREATE INDEX ai_suggestions_customer ON ai_suggestions (company_id, customer_id, created_at DESC);
