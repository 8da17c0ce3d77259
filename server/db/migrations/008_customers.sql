-- Customers of the sales workspace (issue 5): tags, source, last contact; one person = one customer
-- (phone_key: the Brazilian ninth digit does not make a second customer); accent-insensitive search
-- that stays fast with 100,000 customers in a company (trigram and character-pair indexes on one
-- search document); an exact count per company; idempotent imports.

-- Trigram indexes make "contains" searches (LIKE '%joao%') use an index. SCHEMA public: installed once
-- per database, visible from every schema's search_path (tests run one schema per file).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- contracts/search-text.ts's searchText() in SQL: decomposed, combining marks removed, lower case,
-- runs of spaces collapsed, trimmed. Stored columns and search terms both go through it.
CREATE FUNCTION customer_search_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(regexp_replace(
  lower(regexp_replace(normalize(input, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')),
  '\s+', ' ', 'g'));

ALTER TABLE customers
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN source text CHECK (
    source IS NULL
    OR source IN ('whatsapp', 'instagram', 'facebook', 'indicacao', 'site', 'loja', 'importacao', 'outro')
  ),
  ADD COLUMN last_contact_at timestamptz,
  -- contracts/brazil/customer-phone.ts customerPhoneKey(): a Brazilian mobile without its ninth digit.
  ADD COLUMN phone_key text GENERATED ALWAYS AS (
    CASE WHEN phone ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(phone, 1, 4) || substr(phone, 6) ELSE phone END
  ) STORED,
  -- The list's order (accent- and case-insensitive name); byte order, the same on every server.
  ADD COLUMN sort_name text COLLATE "C" GENERATED ALWAYS AS (customer_search_text(name)) STORED,
  -- What a search looks into: name, e-mail, the phone with and without the ninth digit. Newlines keep
  -- a term from matching across two fields (search terms never hold one).
  ADD COLUMN search_document text GENERATED ALWAYS AS (
    customer_search_text(name) || E'\n' || coalesce(customer_search_text(email), '') || E'\n'
    || coalesce(phone, '') || E'\n'
    || coalesce(CASE WHEN phone ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(phone, 1, 4) || substr(phone, 6) END, '')
  ) STORED;

-- Rows from before this migration may share a number (with and without the ninth digit): the oldest
-- keeps it, the others keep it in their notes so nothing is lost.
WITH ranked AS (
  SELECT id, phone,
         row_number() OVER (PARTITION BY company_id, phone_key ORDER BY created_at, id) AS position
    FROM customers
   WHERE phone_key IS NOT NULL
)
UPDATE customers c
   SET phone = NULL,
       notes = concat_ws(E'\n', c.notes, 'Telefone repetido de outro cliente: ' || ranked.phone)
  FROM ranked
 WHERE c.id = ranked.id AND ranked.position > 1;

CREATE UNIQUE INDEX customers_company_phone_key_idx ON customers (company_id, phone_key);
CREATE INDEX customers_company_sort_idx ON customers (company_id, sort_name, id);
CREATE INDEX customers_company_email_idx ON customers (company_id, lower(email)) WHERE email IS NOT NULL;
-- fastupdate off: PGlite never vacuums, so a pending list would only be merged when it outgrows 4 MB,
-- and every search would read it through until then.
CREATE INDEX customers_search_document_idx ON customers USING gin (search_document gin_trgm_ops)
  WITH (fastupdate = off);

-- Trigrams cannot find a 2-character search (the shortest the list takes): the distinct pairs of
-- characters of the search document can ("jo" is in it exactly when the pair is).
CREATE FUNCTION customer_search_bigrams(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ARRAY(
  SELECT DISTINCT substr(document, i, 2) FROM generate_series(1, length(document) - 1) AS i
   WHERE strpos(substr(document, i, 2), E'\n') = 0
);
CREATE INDEX customers_search_bigrams_idx ON customers USING gin (customer_search_bigrams(search_document))
  WITH (fastupdate = off);

-- How many customers each company has, kept by statement triggers: the list's totalCount without
-- counting 100,000 rows on every page (PGlite has no autovacuum, so index-only counts do not help).
CREATE TABLE customer_counts (
  company_id uuid PRIMARY KEY REFERENCES companies ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0)
);
INSERT INTO customer_counts (company_id, total)
  SELECT company_id, count(*) FROM customers GROUP BY company_id;

CREATE FUNCTION customer_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts AS counts (company_id, total)
    SELECT company_id, count(*) FROM inserted_customers GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET total = counts.total + EXCLUDED.total;
  RETURN NULL;
END;
$$;

CREATE FUNCTION customer_counts_subtract() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts counts
     SET total = counts.total - removed.total
    FROM (SELECT company_id, count(*) AS total FROM deleted_customers GROUP BY company_id) removed
   WHERE counts.company_id = removed.company_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION customer_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END;
$$;

CREATE TRIGGER customers_count_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS inserted_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_add();
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS deleted_customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_subtract();
CREATE TRIGGER customers_count_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_clear();
-- A customer never moves to another company (every reference is by (company_id, id)).
CREATE FUNCTION customers_keep_company() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a customer cannot move to another company' USING ERRCODE = 'check_violation';
END;
$$;
CREATE TRIGGER customers_keep_company BEFORE UPDATE OF company_id ON customers
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION customers_keep_company();

-- Each batch of an import (contracts/customers.ts importCustomersContract), remembered with its result
-- so the same batch sent again answers the first result and writes nothing.
CREATE TABLE customer_import_batches (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  import_id text NOT NULL CHECK (length(import_id) = 36),
  batch integer NOT NULL CHECK (batch >= 0),
  -- NULL only inside the transaction that imports the batch.
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, import_id, batch)
);
