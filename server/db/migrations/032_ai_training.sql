-- AI training (issue 18): what the AI must know about the business, per company, as versions. Each
-- save is a new row (1, 2, 3… per company); the newest is the current training. `content` holds the
-- fields of contracts/ai-training.ts (aiTrainingInputSchema), validated before it is written.
CREATE TABLE ai_training_versions (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  content jsonb NOT NULL,
  author_id uuid REFERENCES users ON DELETE SET NULL,
  -- Set when this version restored an earlier one.
  restored_from integer CHECK (restored_from > 0 AND restored_from < version),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, version)
);
