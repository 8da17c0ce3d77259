-- Who a caller is (their sign-in, current company, role) and whether the company's subscription is
-- current are cached by each server instance for a few seconds (server/auth/api/caller-cache.ts).
-- Every change to what that answer is read from says so on the `fechai_callers` channel, at commit,
-- whatever code made it: 's:<session>', 'u:<user>' or 'c:<company>'. Each instance drops what it
-- holds for it.

CREATE FUNCTION notify_caller_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  -- One branch per table: a branch only reads the columns its table has.
  IF TG_TABLE_NAME = 'auth_sessions' THEN
    PERFORM pg_notify('fechai_callers', 's:' || changed.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('fechai_callers', 'u:' || changed.id);
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    PERFORM pg_notify('fechai_callers', 'u:' || changed.user_id);
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    PERFORM pg_notify('fechai_callers', 'c:' || changed.company_id);
  END IF;
  RETURN NULL;
END;
$$;

-- A sign-in ends (logout, refresh-token reuse, password reset, removal from the team) or is extended.
CREATE TRIGGER auth_sessions_notify_caller_change
  AFTER UPDATE OF revoked_at, expires_at, user_id ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
CREATE TRIGGER auth_sessions_notify_caller_delete
  AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();

-- The user switches company, or is deleted (their sessions go with them).
CREATE TRIGGER users_notify_caller_change
  AFTER UPDATE OF current_company_id ON users
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
CREATE TRIGGER users_notify_caller_delete
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();

-- Joining, leaving, a role change; a company's deletion removes its memberships.
CREATE TRIGGER memberships_notify_caller_change
  AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();

-- A trial starts, a checkout or Stripe's webhook changes the subscription, a period ends early.
CREATE TRIGGER subscriptions_notify_caller_change
  AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change();
