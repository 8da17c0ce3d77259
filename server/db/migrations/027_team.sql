-- The team (issue 15): several people per company, each with a role, invited by e-mail; tasks and deals
-- with an assignee; who did what.

-- Roles: owner (everything), manager (everything but billing and the team), staff (the daily work).
-- The first cut named them admin and member; no row used either.
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
UPDATE memberships SET role = CASE role WHEN 'admin' THEN 'manager' WHEN 'member' THEN 'staff' ELSE role END;
ALTER TABLE memberships ADD CONSTRAINT memberships_role_check CHECK (role IN ('owner', 'manager', 'staff'));
-- Who brought them in (null for the founder, or once the inviter is gone).
ALTER TABLE memberships ADD COLUMN invited_by_user_id uuid REFERENCES users ON DELETE SET NULL;

-- An invitation: sent to an e-mail, accepted once by whoever signs in with that e-mail.
CREATE TABLE team_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
  role text NOT NULL CHECK (role IN ('manager', 'staff')),
  -- sha256 of the link's secret; the secret itself is only ever in the e-mail.
  token_hash text NOT NULL UNIQUE,
  invited_by_user_id uuid REFERENCES users ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  send_count integer NOT NULL DEFAULT 1 CHECK (send_count >= 1),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by_user_id uuid REFERENCES users ON DELETE SET NULL,
  revoked_at timestamptz,
  CONSTRAINT team_invitations_one_end CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE INDEX team_invitations_company_idx ON team_invitations (company_id, created_at DESC);
-- One open invitation per e-mail and company: inviting again resends it.
CREATE UNIQUE INDEX team_invitations_open_email_key ON team_invitations (company_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Assignee (default: whoever created it) and author. A removed member's rows stay with the company:
-- the user may still exist (other companies), so these point at users, and a deleted user leaves null.
ALTER TABLE tasks
  ADD COLUMN assignee_user_id uuid REFERENCES users ON DELETE SET NULL,
  ADD COLUMN created_by_user_id uuid REFERENCES users ON DELETE SET NULL,
  ADD COLUMN completed_by_user_id uuid REFERENCES users ON DELETE SET NULL;
CREATE INDEX tasks_company_assignee_idx ON tasks (company_id, assignee_user_id, status, due_at);

ALTER TABLE deals
  ADD COLUMN assignee_user_id uuid REFERENCES users ON DELETE SET NULL,
  ADD COLUMN created_by_user_id uuid REFERENCES users ON DELETE SET NULL;
CREATE INDEX deals_company_assignee_idx ON deals (company_id, assignee_user_id);

ALTER TABLE follow_up_messages ADD COLUMN created_by_user_id uuid REFERENCES users ON DELETE SET NULL;
-- Sent from Fechaí by a person (a reply from the customer page) or for one (a follow-up they wrote).
ALTER TABLE conversation_messages ADD COLUMN sent_by_user_id uuid REFERENCES users ON DELETE SET NULL;

-- Who did what, shown on the task, the deal and the customer's timeline. `details` keeps what the
-- line needs once the row is gone (a deleted task's title, a move's stage names); erasing a customer's
-- data clears the details of their lines.
CREATE TABLE activity_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  actor_user_id uuid REFERENCES users ON DELETE SET NULL,
  action text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  -- No foreign keys: the line outlives a deleted task or deal.
  task_id uuid,
  deal_id uuid,
  customer_id uuid,
  details jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_events_task_idx ON activity_events (company_id, task_id, at DESC) WHERE task_id IS NOT NULL;
CREATE INDEX activity_events_deal_idx ON activity_events (company_id, deal_id, at DESC) WHERE deal_id IS NOT NULL;
CREATE INDEX activity_events_customer_idx ON activity_events (company_id, customer_id, at DESC)
  WHERE customer_id IS NOT NULL;
