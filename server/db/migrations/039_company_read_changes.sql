-- The dashboard and the sales board are kept per company by each server instance for a few seconds
-- (server/db/company-read-cache.ts). Every change to what they are read from says so on the
-- `fechai_company_reads` channel at commit, whatever code made it (a route, a job, a webhook, an
-- import), with the company's id as payload: each instance drops what it holds for that company.
--
-- Statement-level triggers with transition tables: an import of 100,000 customers sends one
-- notification per company, not one per row (PostgreSQL also folds equal payloads of a transaction).

CREATE FUNCTION notify_company_read_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per table: a branch only reads the columns its table has.
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('fechai_company_reads', id::text) FROM (SELECT DISTINCT id FROM changed_rows) ids;
  ELSIF TG_TABLE_NAME = 'users' THEN
    -- A name or e-mail shows on the tasks and cards of every company the person belongs to.
    PERFORM pg_notify('fechai_company_reads', company_id::text)
       FROM (SELECT DISTINCT m.company_id FROM changed_rows u JOIN memberships m ON m.user_id = u.id) ids;
  ELSE
    PERFORM pg_notify('fechai_company_reads', company_id::text)
       FROM (SELECT DISTINCT company_id FROM changed_rows) ids;
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with a transition table serves one event: three per table. An UPDATE's new rows carry
-- the same company as its old ones (no route moves a row to another company).
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['tasks', 'deals', 'deal_stages', 'customers', 'ai_suggestions', 'companies'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %1$s_notify_read_insert AFTER INSERT ON %1$I
         REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_company_read_change()',
      tbl);
    EXECUTE format(
      'CREATE TRIGGER %1$s_notify_read_update AFTER UPDATE ON %1$I
         REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_company_read_change()',
      tbl);
    EXECUTE format(
      'CREATE TRIGGER %1$s_notify_read_delete AFTER DELETE ON %1$I
         REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_company_read_change()',
      tbl);
  END LOOP;
END;
$$;

-- A person's name or e-mail changes (a deleted user's rows are updated, and notify, on their own).
CREATE TRIGGER users_notify_read_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_company_read_change();
