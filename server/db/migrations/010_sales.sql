-- The sales board (contracts/sales.ts) and the services catalogue (contracts/services.ts).
-- A stage's kind says whether its deals are open, won or lost; a deal's status always equals its
-- stage's kind (a foreign key holds it). Every company has stages: the defaults are added when a
-- company is inserted, whoever inserts it (onboarding, the demo seed, tests).

-- Stages ------------------------------------------------------------------------------------------

ALTER TABLE deal_stages
  ADD COLUMN kind text NOT NULL DEFAULT 'open' CHECK (kind IN ('open', 'won', 'lost'));

-- Boards made before kinds existed: a name that says won or lost is that kind, any other is open.
UPDATE deal_stages
   SET kind = CASE
     WHEN lower(name) ~ 'ganh[oa]' THEN 'won'
     WHEN lower(name) ~ 'perdid[oa]' THEN 'lost'
     ELSE 'open'
   END;

-- Deals -------------------------------------------------------------------------------------------

ALTER TABLE deals
  -- The card's "há N dias": reset when the deal changes stage.
  ADD COLUMN stage_entered_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN expected_close_date date,
  ADD COLUMN notes text,
  -- Kept when a lost deal is reopened, until someone edits it.
  ADD COLUMN lost_reason text,
  -- When it entered a won or lost stage; null while open.
  ADD COLUMN closed_at timestamptz;

-- Existing deals: the last change is the best guess of when they entered their stage or closed.
UPDATE deals
   SET stage_entered_at = updated_at,
       closed_at = CASE WHEN status = 'open' THEN NULL ELSE updated_at END;

-- Stages that held only closed deals were the board's "closed" column: their deals move to the won
-- and lost stages below, and the emptied stage goes away.
CREATE TEMP TABLE closed_deal_stages_010 ON COMMIT DROP AS
  SELECT s.id
    FROM deal_stages s
   WHERE s.kind = 'open'
     AND EXISTS (SELECT 1 FROM deals d WHERE d.stage_id = s.id)
     AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.stage_id = s.id AND d.status = 'open');

-- A board needs a won and a lost stage: add them at the end where a company has none.
INSERT INTO deal_stages (company_id, name, kind, position)
SELECT s.company_id, 'Fechado ganho', 'won', max(s.position) + 1
  FROM deal_stages s
 GROUP BY s.company_id
HAVING NOT bool_or(s.kind = 'won');

INSERT INTO deal_stages (company_id, name, kind, position)
SELECT s.company_id, 'Fechado perdido', 'lost', max(s.position) + 1
  FROM deal_stages s
 GROUP BY s.company_id
HAVING NOT bool_or(s.kind = 'lost');

-- A won or lost deal in a stage of another kind moves to the first stage of its status.
UPDATE deals d
   SET stage_id = (
     SELECT t.id FROM deal_stages t
      WHERE t.company_id = d.company_id AND t.kind = d.status
      ORDER BY t.position LIMIT 1
   )
  FROM deal_stages s
 WHERE s.id = d.stage_id AND d.status <> 'open' AND s.kind <> d.status;

-- An open deal in a won or lost stage takes the stage's kind.
UPDATE deals d
   SET status = s.kind, closed_at = d.updated_at
  FROM deal_stages s
 WHERE s.id = d.stage_id AND d.status = 'open' AND s.kind <> 'open';

DELETE FROM deal_stages s
 WHERE s.id IN (SELECT id FROM closed_deal_stages_010)
   AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.stage_id = s.id);

-- Positions 0, 1, 2… again (one statement: the unique position constraint is deferrable).
UPDATE deal_stages s
   SET position = r.position
  FROM (
    SELECT id, row_number() OVER (PARTITION BY company_id ORDER BY position, created_at, id) - 1 AS position
      FROM deal_stages
  ) r
 WHERE r.id = s.id AND s.position <> r.position;

-- Deals were all at position 0: keep their order of arrival within each stage.
UPDATE deals d
   SET position = r.position
  FROM (
    SELECT id, row_number() OVER (PARTITION BY stage_id ORDER BY position, created_at, id) - 1 AS position
      FROM deals
  ) r
 WHERE r.id = d.id AND d.position <> r.position;

-- status = the stage's kind, by the database's own check.
ALTER TABLE deal_stages ADD CONSTRAINT deal_stages_company_id_kind_key UNIQUE (company_id, id, kind);
ALTER TABLE deals ADD CONSTRAINT deals_stage_kind_fkey FOREIGN KEY (company_id, stage_id, status)
  REFERENCES deal_stages (company_id, id, kind);
ALTER TABLE deals ADD CONSTRAINT deals_closed_at_matches_status CHECK ((status = 'open') = (closed_at IS NULL));
ALTER TABLE deals ADD CONSTRAINT deals_position_check CHECK (position >= 0);

-- A column page reads (stage, position, id); the dashboard reads won deals by when they closed.
DROP INDEX deals_company_stage_idx;
CREATE INDEX deals_board_idx ON deals (company_id, stage_id, position, id);
CREATE INDEX deals_company_won_idx ON deals (company_id, closed_at) WHERE status = 'won';

-- Moving a card renumbers its column: that is the board's order, not an edit of the other deals.
DROP TRIGGER deals_set_updated_at ON deals;
CREATE TRIGGER deals_set_updated_at BEFORE UPDATE ON deals
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'position' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'position' - 'updated_at'))
  EXECUTE FUNCTION set_updated_at();

-- Default stages ----------------------------------------------------------------------------------

-- The same names, kinds and order as contracts/sales.ts defaultStages (a test compares them).
CREATE OR REPLACE FUNCTION add_default_deal_stages(target uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO deal_stages (company_id, name, kind, position)
  SELECT target, s.name, s.kind, s.position
    FROM (VALUES
      (0, 'Novo contato', 'open'),
      (1, 'Em negociação', 'open'),
      (2, 'Proposta enviada', 'open'),
      (3, 'Fechado ganho', 'won'),
      (4, 'Fechado perdido', 'lost')
    ) AS s (position, name, kind);
$$;

CREATE OR REPLACE FUNCTION companies_add_default_deal_stages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_default_deal_stages(NEW.id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER companies_add_default_deal_stages AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_add_default_deal_stages();

SELECT add_default_deal_stages(c.id)
  FROM companies c
 WHERE NOT EXISTS (SELECT 1 FROM deal_stages s WHERE s.company_id = c.id);

-- Services ----------------------------------------------------------------------------------------

-- A service's name as uniqueness and sorting compare it: lower case, no accents, single spaces
-- (contracts/search-text.ts's rule, as customer_search_text of 008 applies it to customers).
CREATE OR REPLACE FUNCTION service_name_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')), '\s+', ' ', 'g'));
$$;

-- Names repeated before the rule existed get a number, so the unique index can be built.
UPDATE services s
   SET name = s.name || ' (' || r.n || ')'
  FROM (
    SELECT id, row_number() OVER (PARTITION BY company_id, service_name_key(name) ORDER BY created_at, id) AS n
      FROM services
  ) r
 WHERE r.id = s.id AND r.n > 1;

CREATE UNIQUE INDEX services_company_name_key ON services (company_id, service_name_key(name));

-- A deal's services: the price is copied when the line is added, so catalogue changes leave old
-- deals as they were. A service on a deal is archived, never deleted.
CREATE TABLE deal_services (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  deal_id uuid NOT NULL,
  service_id uuid NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 999),
  -- The order the lines were given in.
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (deal_id, service_id),
  CONSTRAINT deal_services_deal_fkey FOREIGN KEY (company_id, deal_id)
    REFERENCES deals (company_id, id) ON DELETE CASCADE,
  CONSTRAINT deal_services_service_fkey FOREIGN KEY (company_id, service_id)
    REFERENCES services (company_id, id) ON DELETE RESTRICT
);
CREATE INDEX deal_services_company_id_idx ON deal_services (company_id);
CREATE INDEX deal_services_service_id_idx ON deal_services (service_id);

CREATE TRIGGER deal_services_set_updated_at BEFORE UPDATE ON deal_services
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
