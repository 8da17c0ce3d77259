-- Customer search by the start of words (issue 19): "sil" finds "Ana Silva" and "silva@loja.com",
-- as WhatsApp's own contact search does; phone digits are still found anywhere in the number
-- (customers_search_document_idx of 008 keeps serving those).
--
-- A search must answer its first page and its count without reading every match: "silva" matches
-- thousands of a company's customers, and sorting them all by name on each keystroke cost 12 ms of
-- the database per request. Here every word start of a customer's name and e-mail (the rest of the
-- text from that word on) is a row, indexed by its first two and first three characters, then the
-- list's order (sort_name, id): the rows of one key come in the list's order, so the page is the
-- first matches of that walk and the count stops at its bound.

-- A word starts at a character that is not ASCII space or punctuation, first or after one that is.
-- Written out rather than [[:alnum:]], whose meaning depends on the database's locale; letters of
-- every script count as word characters.
CREATE FUNCTION customer_word_starts(input text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT substr(input, p) FROM generate_series(1, char_length(input)) p
   WHERE substr(input, p, 1) !~ '[ -/:-@\[-`{-~]'
     AND (p = 1 OR substr(input, p - 1, 1) ~ '[ -/:-@\[-`{-~]')
$$;

-- What a customer is found by, in customer_search_text's form (sort_name already is).
CREATE FUNCTION customer_search_words_of(sort_name text, email text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT customer_word_starts(sort_name)
  UNION
  SELECT customer_word_starts(customer_search_text(email))
$$;

CREATE TABLE customer_search_words (
  company_id uuid NOT NULL,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sort_name text COLLATE "C" NOT NULL,
  word text COLLATE "C" NOT NULL
);

-- A search of 3 characters or more walks its first three (the rest checked against `word`, carried
-- in the index: on PostgreSQL, once vacuumed, the walk reads the index alone); one of 2 characters
-- walks the second index.
CREATE INDEX customer_search_words_key3_idx
  ON customer_search_words (company_id, left(word, 3), sort_name, customer_id) INCLUDE (word);
CREATE INDEX customer_search_words_key2_idx
  ON customer_search_words (company_id, left(word, 2), sort_name, customer_id);
-- A customer's words replaced on a change, and dropped with the customer.
CREATE INDEX customer_search_words_customer_idx ON customer_search_words (customer_id);

-- Kept by the database, whatever code writes customers (a route, an import, a webhook, an erase).
-- New customers in one statement (an import of thousands is one INSERT of their words); a customer's
-- words again when their name or e-mail changes (the trigger's WHEN skips every other update: last
-- contact, tags, notes); a deleted customer's go with them (the foreign key).
CREATE FUNCTION add_customer_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_search_words (company_id, customer_id, sort_name, word)
  SELECT n.company_id, n.id, n.sort_name, w.word
    FROM new_rows n CROSS JOIN LATERAL customer_search_words_of(n.sort_name, n.email) AS w(word);
  RETURN NULL;
END;
$$;

CREATE FUNCTION replace_customer_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_search_words WHERE customer_id = NEW.id;
  INSERT INTO customer_search_words (company_id, customer_id, sort_name, word)
  SELECT NEW.company_id, NEW.id, NEW.sort_name, w.word
    FROM customer_search_words_of(NEW.sort_name, NEW.email) AS w(word);
  RETURN NULL;
END;
$$;

CREATE TRIGGER customers_search_words_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_customer_search_words();
CREATE TRIGGER customers_search_words_update AFTER UPDATE ON customers
  FOR EACH ROW WHEN (OLD.sort_name IS DISTINCT FROM NEW.sort_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION replace_customer_search_words();

INSERT INTO customer_search_words (company_id, customer_id, sort_name, word)
SELECT c.company_id, c.id, c.sort_name, w.word
  FROM customers c CROSS JOIN LATERAL customer_search_words_of(c.sort_name, c.email) AS w(word);

-- A page of a word-start search (server/modules/customers/list-customers.ts) and its count, bounded
-- as customer_search_page's of 036 is, in the same shape: `matches` up to count_bound + 1, then the
-- page's rows (id, sort_name), one row with a null id when the page is empty.
--
-- `key` is the term's first 2 characters (when it has 2) or 3; `pattern` (`term%`, escaped) is null
-- when the key is the whole term. Both walks read the key's index in the list's order and stop at
-- their limit. Sorts and bitmap scans are off: PGlite has no statistics, and reading every match to
-- sort them looks cheaper to a planner that expects one row under a key.
CREATE FUNCTION customer_word_search_page(
  company uuid,
  key text,
  pattern text,
  after_name text,
  after_id uuid,
  page_limit integer,
  page_offset integer,
  count_bound integer
) RETURNS TABLE (matches integer, id uuid, sort_name text)
LANGUAGE plpgsql STABLE
SET enable_sort = off
SET enable_bitmapscan = off
ROWS 51
AS $$
DECLARE
  matching text := format('left(w.word, %s) = $2', char_length(key));
  after text := 'true';
BEGIN
  IF pattern IS NOT NULL THEN
    matching := matching || ' AND w.word LIKE $3';
  END IF;
  IF after_id IS NOT NULL THEN
    after := '(w.sort_name, w.customer_id) > ($4, $5)';
  END IF;
  RETURN QUERY EXECUTE format(
    $query$
    SELECT (SELECT count(*)::int FROM (
              SELECT DISTINCT w.sort_name, w.customer_id FROM customer_search_words w
               WHERE w.company_id = $1 AND %1$s
               ORDER BY w.sort_name, w.customer_id LIMIT $8 + 1) counted),
           page.customer_id, page.sort_name
      FROM (SELECT) AS always
      LEFT JOIN (
        SELECT DISTINCT w.sort_name, w.customer_id FROM customer_search_words w
         WHERE w.company_id = $1 AND %1$s AND %2$s
         ORDER BY w.sort_name, w.customer_id LIMIT $6 OFFSET $7
      ) page ON true
    $query$,
    matching, after)
  USING company, key, pattern, after_name, after_id, page_limit, page_offset, count_bound;
END;
$$;
