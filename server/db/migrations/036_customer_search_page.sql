-- A page of a customer search (server/modules/customers/list-customers.ts) in one statement, with its
-- count bounded (issue 19): exact up to `count_bound`, "more than that" past it.
--
-- Its plans need `enable_seqscan = off` (left to itself the planner takes a LIKE on 100,000 rows to
-- cost no more than visiting the matches; it costs several times more). A SET on a function holds
-- inside the function only, so the caller needs no transaction around it (BEGIN, SET LOCAL, the
-- query, COMMIT: four round trips). plpgsql's EXECUTE plans each call with the values at hand, as a
-- query sent with its parameters is planned.
--
-- The matches are read from the search index (trigrams, or for a needle without three letters or
-- digits in a row the index of character pairs), once, and the page is a sort of them. Walking the
-- company's name index (company_id, sort_name, id) and keeping the matches until the page is full
-- reads no more than the page when matches are spread over the alphabet, but names gather them:
-- "joao" as a first name sits after every "ana" (40,000 rows of 100,000 to walk), and "silva" as a
-- surname 2,000 rows into each first name; sorting the matches costs less in both.
-- `company_first` false (PGlite, which never gathers statistics and would walk the whole company
-- for `company_id = $1`): the search index is read first and the company checked after. True
-- (PostgreSQL): the planner weighs the company's index against the search index.
--
-- Returns `matches`, the count of matches up to count_bound + 1 (more than count_bound: the count
-- went no further), and the page's rows (id, sort_name) in no particular order; one row with a null
-- id when the page is empty.
CREATE FUNCTION customer_search_page(
  company uuid,
  pattern text,
  pairs_of text,
  after_name text,
  after_id uuid,
  page_limit integer,
  page_offset integer,
  count_bound integer,
  company_first boolean
) RETURNS TABLE (matches integer, id uuid, sort_name text)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
ROWS 51
AS $$
DECLARE
  matching text := 'search_document LIKE customer_search_text($2)';
  after text := 'true';
BEGIN
  IF pairs_of IS NOT NULL THEN
    matching := 'customer_search_bigrams(search_document) @> customer_search_bigrams(customer_search_text($3)) AND '
      || matching;
  END IF;
  IF company_first THEN
    matching := matching || ' AND company_id = $1';
  END IF;
  IF after_id IS NOT NULL THEN
    after := '(sort_name, id) > ($4, $5)';
  END IF;
  RETURN QUERY EXECUTE format(
    $query$
    WITH found AS MATERIALIZED (
      SELECT id, sort_name FROM (
        SELECT id, sort_name, company_id FROM customers WHERE %1$s OFFSET 0
      ) candidates
      WHERE company_id = $1
    ), page AS (
      SELECT id, sort_name FROM found WHERE %2$s
       ORDER BY sort_name, id LIMIT $6 OFFSET $7
    )
    SELECT (SELECT count(*)::int FROM (SELECT FROM found LIMIT $8 + 1) counted), page.id, page.sort_name
      FROM (SELECT) AS always
      LEFT JOIN page ON true
    $query$,
    matching, after)
  USING company, pattern, pairs_of, after_name, after_id, page_limit, page_offset, count_bound;
END;
$$;
