-- First cut of the data model. Every product row belongs to one company (company_id NOT NULL,
-- indexed, cascading). Rows that point at other product rows do it through (company_id, id) so a
-- row can never reference another company's data: the database refuses it, not only the code.
-- Dialect: PostgreSQL 15+ (ON DELETE SET NULL with a column list); PGlite runs the same file.

CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Either may be missing; the client falls back name → business_name → "Nome da empresa".
  name text CHECK (name IS NULL OR length(btrim(name)) > 0),
  business_name text CHECK (business_name IS NULL OR length(btrim(business_name)) > 0),
  document_number text,
  document_type text NOT NULL DEFAULT 'cpf' CHECK (document_type IN ('cpf', 'cnpj')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Digits only; a CNPJ may carry letters in its first 12 positions (alphanumeric CNPJ).
  CONSTRAINT companies_document_number_format CHECK (
    document_number IS NULL
    OR (document_type = 'cpf' AND document_number ~ '^[0-9]{11}$')
    OR (document_type = 'cnpj' AND document_number ~ '^[0-9A-Z]{12}[0-9]{2}$')
  )
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
  name text,
  mobile_phone text CHECK (mobile_phone IS NULL OR mobile_phone ~ '^[0-9]{10,15}$'),
  -- Must be one of the user's memberships: see users_current_membership_fkey below.
  current_company_id uuid,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, company_id)
);
CREATE INDEX memberships_company_id_idx ON memberships (company_id);

-- Losing the membership (or the company) clears the current company instead of failing.
ALTER TABLE users ADD CONSTRAINT users_current_membership_fkey
  FOREIGN KEY (id, current_company_id) REFERENCES memberships (user_id, company_id)
  ON DELETE SET NULL (current_company_id);
CREATE INDEX users_current_company_id_idx ON users (current_company_id);

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  -- Digits only, country code included (5511987654321), as WhatsApp identifies people.
  phone text CHECK (phone IS NULL OR phone ~ '^[0-9]{8,15}$'),
  email text CHECK (email IS NULL OR email LIKE '%_@_%'),
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id)
);
CREATE INDEX customers_company_id_idx ON customers (company_id);
CREATE INDEX customers_company_phone_idx ON customers (company_id, phone);

CREATE TABLE services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text,
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  duration_minutes integer CHECK (duration_minutes IS NULL OR duration_minutes > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id)
);
CREATE INDEX services_company_id_idx ON services (company_id);

CREATE TABLE deal_stages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  position integer NOT NULL CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  -- Deferrable so a reorder can swap positions inside one transaction.
  CONSTRAINT deal_stages_company_position_key UNIQUE (company_id, position) DEFERRABLE INITIALLY IMMEDIATE
);
CREATE INDEX deal_stages_company_id_idx ON deal_stages (company_id);
CREATE UNIQUE INDEX deal_stages_company_name_key ON deal_stages (company_id, lower(name));

CREATE TABLE deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  customer_id uuid,
  stage_id uuid NOT NULL,
  title text NOT NULL CHECK (length(btrim(title)) > 0),
  value_cents integer NOT NULL DEFAULT 0 CHECK (value_cents >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  -- Order inside its stage column on the sales board.
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  CONSTRAINT deals_customer_fkey FOREIGN KEY (company_id, customer_id)
    REFERENCES customers (company_id, id) ON DELETE SET NULL (customer_id),
  -- A stage with deals cannot be removed until its deals move elsewhere.
  CONSTRAINT deals_stage_fkey FOREIGN KEY (company_id, stage_id)
    REFERENCES deal_stages (company_id, id) ON DELETE RESTRICT
);
CREATE INDEX deals_company_id_idx ON deals (company_id);
CREATE INDEX deals_company_stage_idx ON deals (company_id, stage_id, position);
CREATE INDEX deals_customer_id_idx ON deals (customer_id);

CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  title text NOT NULL CHECK (length(btrim(title)) > 0),
  description text,
  customer_id uuid,
  due_at timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
  completed_at timestamptz,
  recurrence text NOT NULL DEFAULT 'none' CHECK (
    recurrence IN ('none', 'daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'semestral', 'yearly')
  ),
  -- What the task is about (spec: e.g. follow_up_message). Polymorphic, so no foreign key.
  reference_entity_name text CHECK (
    reference_entity_name IS NULL OR reference_entity_name IN ('follow_up_message', 'customer', 'deal')
  ),
  reference_entity_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  CONSTRAINT tasks_completed_at_matches_status CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CONSTRAINT tasks_reference_complete CHECK ((reference_entity_name IS NULL) = (reference_entity_id IS NULL)),
  CONSTRAINT tasks_customer_fkey FOREIGN KEY (company_id, customer_id)
    REFERENCES customers (company_id, id) ON DELETE SET NULL (customer_id)
);
CREATE INDEX tasks_company_id_idx ON tasks (company_id);
CREATE INDEX tasks_company_status_due_idx ON tasks (company_id, status, due_at);
CREATE INDEX tasks_customer_id_idx ON tasks (customer_id);

CREATE TABLE follow_up_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  task_id uuid,
  customer_id uuid NOT NULL,
  body text NOT NULL CHECK (length(btrim(body)) > 0),
  scheduled_for timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sent', 'failed', 'cancelled')),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  CONSTRAINT follow_up_messages_sent_at_matches_status CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
  CONSTRAINT follow_up_messages_task_fkey FOREIGN KEY (company_id, task_id)
    REFERENCES tasks (company_id, id) ON DELETE CASCADE,
  CONSTRAINT follow_up_messages_customer_fkey FOREIGN KEY (company_id, customer_id)
    REFERENCES customers (company_id, id) ON DELETE CASCADE
);
CREATE INDEX follow_up_messages_company_id_idx ON follow_up_messages (company_id);
CREATE INDEX follow_up_messages_task_id_idx ON follow_up_messages (task_id);
CREATE INDEX follow_up_messages_customer_id_idx ON follow_up_messages (customer_id);
-- The sender looks only at what is still to go out.
CREATE INDEX follow_up_messages_due_idx ON follow_up_messages (scheduled_for) WHERE status = 'scheduled';

-- Background work (server/jobs). company_id is NULL for system jobs.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid REFERENCES companies ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.-]*$'),
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT jobs_lease_matches_status CHECK (
    (status = 'running') = (locked_by IS NOT NULL AND locked_until IS NOT NULL)
  ),
  CONSTRAINT jobs_finished_at_matches_status CHECK (
    (status IN ('succeeded', 'failed')) = (finished_at IS NOT NULL)
  )
);
CREATE INDEX jobs_company_id_idx ON jobs (company_id);
-- The two ways a job becomes claimable: due, or its lease ran out (a worker died).
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';

CREATE TRIGGER companies_set_updated_at BEFORE UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER users_set_updated_at BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER memberships_set_updated_at BEFORE UPDATE ON memberships
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER customers_set_updated_at BEFORE UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER services_set_updated_at BEFORE UPDATE ON services
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER deal_stages_set_updated_at BEFORE UPDATE ON deal_stages
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER deals_set_updated_at BEFORE UPDATE ON deals
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER tasks_set_updated_at BEFORE UPDATE ON tasks
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER follow_up_messages_set_updated_at BEFORE UPDATE ON follow_up_messages
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER jobs_set_updated_at BEFORE UPDATE ON jobs
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
