-- The local midnight `after_days` days after the one that began the company's today, in its time
-- zone (companies.timezone); null for a company that does not exist. Today is
-- [company_midnight(id, 0), company_midnight(id, 1)). A STABLE function of constants is computed
-- while a statement is planned, so a page of today's tasks is planned knowing how many tasks lie
-- between the bounds, as with bound values, though the day is read in the same statement
-- (server/modules/tasks/company-day.ts).
CREATE FUNCTION company_midnight(company uuid, after_days int) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN (SELECT (date_trunc('day', now() AT TIME ZONE timezone) + after_days * interval '1 day') AT TIME ZONE timezone
          FROM companies WHERE id = company);
