-- company_midnight (migration 038) in PL/pgSQL: same answers, but a session plans its query once
-- and reuses it, where an SQL function that cannot be inlined parses and plans its body on every
-- statement that calls it. A prepared page of today's tasks calls it twice per execution. Still
-- STABLE, so the planner still computes it while planning a statement of constants (038).
CREATE OR REPLACE FUNCTION company_midnight(company uuid, after_days int) RETURNS timestamptz
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT (date_trunc('day', now() AT TIME ZONE c.timezone) + company_midnight.after_days * interval '1 day')
                   AT TIME ZONE c.timezone
            FROM companies c WHERE c.id = company_midnight.company);
END;
$$;
