-- The count and value of a company's deals per stage (the board's column totals, the home's
-- pipeline) and per assignee ("minhas"), kept by statement triggers: a board or a dashboard reads a
-- few rows here instead of grouping every deal of the company on each request.

CREATE TABLE deal_stage_totals (
  company_id uuid NOT NULL,
  stage_id uuid NOT NULL,
  -- Null: the deals nobody is assigned.
  assignee_user_id uuid,
  deal_count integer NOT NULL CHECK (deal_count >= 0),
  value_cents bigint NOT NULL CHECK (value_cents >= 0),
  CONSTRAINT deal_stage_totals_key UNIQUE NULLS NOT DISTINCT (company_id, stage_id, assignee_user_id),
  -- A stage is deleted only without deals (deals_stage_fkey restricts it), and its totals with it.
  FOREIGN KEY (company_id, stage_id) REFERENCES deal_stages (company_id, id) ON DELETE CASCADE
);

INSERT INTO deal_stage_totals (company_id, stage_id, assignee_user_id, deal_count, value_cents)
  SELECT company_id, stage_id, assignee_user_id, count(*), sum(value_cents)
    FROM deals GROUP BY company_id, stage_id, assignee_user_id;

-- Adds deals to one total, or with negative figures takes them away (from a total that exists: an
-- INSERT's row is checked before ON CONFLICT turns it into an update).
CREATE FUNCTION deal_stage_totals_add(company uuid, stage uuid, assignee uuid, deals bigint, cents bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE deal_stage_totals
     SET deal_count = deal_count + deals, value_cents = value_cents + cents
   WHERE (deals < 0 OR cents < 0)
     AND company_id = company AND stage_id = stage AND assignee_user_id IS NOT DISTINCT FROM assignee;
  INSERT INTO deal_stage_totals AS t (company_id, stage_id, assignee_user_id, deal_count, value_cents)
  SELECT company, stage, assignee, deals, cents WHERE deals >= 0 AND cents >= 0
  ON CONFLICT (company_id, stage_id, assignee_user_id)
  DO UPDATE SET deal_count = t.deal_count + EXCLUDED.deal_count, value_cents = t.value_cents + EXCLUDED.value_cents;
$$;

-- Statement triggers with transition tables: a move renumbers a column's positions in one statement,
-- and only the rows whose stage, assignee or value changed touch the totals. Totals are changed in
-- key order, so two statements never wait on each other crosswise.
CREATE FUNCTION deal_stage_totals_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM deal_stage_totals_add(company_id, stage_id, assignee_user_id, count(*), sum(value_cents))
       FROM new_deals GROUP BY company_id, stage_id, assignee_user_id
      ORDER BY company_id, stage_id, assignee_user_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM deal_stage_totals_add(company_id, stage_id, assignee_user_id, -count(*), -sum(value_cents))
       FROM old_deals GROUP BY company_id, stage_id, assignee_user_id
      ORDER BY company_id, stage_id, assignee_user_id;
  ELSE
    PERFORM deal_stage_totals_add(company_id, stage_id, assignee_user_id, sum(deals)::bigint, sum(cents)::bigint)
       FROM (
         SELECT o.company_id, o.stage_id, o.assignee_user_id, -1 AS deals, -o.value_cents::bigint AS cents
           FROM old_deals o JOIN new_deals n ON n.id = o.id
          WHERE (o.stage_id, o.assignee_user_id, o.value_cents) IS DISTINCT FROM (n.stage_id, n.assignee_user_id, n.value_cents)
         UNION ALL
         SELECT n.company_id, n.stage_id, n.assignee_user_id, 1, n.value_cents
           FROM old_deals o JOIN new_deals n ON n.id = o.id
          WHERE (o.stage_id, o.assignee_user_id, o.value_cents) IS DISTINCT FROM (n.stage_id, n.assignee_user_id, n.value_cents)
       ) changes
      GROUP BY company_id, stage_id, assignee_user_id
      ORDER BY company_id, stage_id, assignee_user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER deals_stage_totals_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_deals FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_change();
CREATE TRIGGER deals_stage_totals_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_change();
CREATE TRIGGER deals_stage_totals_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_deals FOR EACH STATEMENT EXECUTE FUNCTION deal_stage_totals_change();
