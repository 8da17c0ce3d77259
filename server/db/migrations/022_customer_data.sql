-- A customer's data (LGPD, issue 14): exported on request, erased on request. An erased customer stays
-- as a row (their deals, tasks and message counts still add up) without anything that names them.

-- When their data was erased; a second erase finds it set and changes nothing.
ALTER TABLE customers ADD COLUMN erased_at timestamptz;

-- Who did what to whose data, and when: never the data itself (no names, phones or texts), so the
-- trail survives the erase it records.
CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  -- The signed-in user who did it; kept (null) if that user is later removed.
  actor_user_id uuid REFERENCES users ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('customer.exported', 'customer.erased')),
  entity_name text NOT NULL CHECK (entity_name IN ('customer')),
  -- No foreign key: the trail outlives a deleted customer.
  entity_id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_company_id_idx ON audit_events (company_id, at DESC);
CREATE INDEX audit_events_entity_idx ON audit_events (company_id, entity_name, entity_id);
