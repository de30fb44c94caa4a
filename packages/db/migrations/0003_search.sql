-- Hand-written: product search and search suggestions (the search module, apps/server/src/modules/search).
-- Nothing here is in the Drizzle schema: the search module owns these tables, and the database keeps them in step
-- with the catalogue through the triggers below, whoever writes the catalogue.
--
--   search_products      one row per visible product: its weighted text document and what search filters, sorts
--                        and counts on. A text search reads only this table (and the catalogue for the page shown).
--   search_facet_counts  visible products counted by category, shop, price band, rating, stock and verification:
--                        facet counts and totals of searches without text, without scanning the catalogue.
--   search_suggestions   distinct product names, categories and shops: the source of search suggestions.
--   search_terms         every word of those names with its English stem: the vocabulary typo correction uses.
--
-- Text is normalised the same way for documents (here) and queries (the search repository): unaccented,
-- lower-cased, cut into words of ASCII letters and digits. unaccent() is only STABLE (its dictionary could change),
-- so an IMMUTABLE wrapper naming the dictionary explicitly is what index expressions and generated columns use.
CREATE FUNCTION soko_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- 'Crème Brûlée, 2kg (Men''s)' -> 'creme brulee 2kg men s'
CREATE FUNCTION soko_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(public.soko_unaccent($1)), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
-- A product's document: its name (weight A); its category, parent category and shop names (B); its description (C).
-- English stemming ('shoes' -> 'shoe'); Swahili words pass through the English stemmer unchanged ('sufuria'). What
-- a name says after "for" or "with" is what the product fits or comes with, not what it is ("Clear Case for Samsung
-- Galaxy A05"): weight B, so that a search for a Samsung phone ranks the phones above their cases.
CREATE FUNCTION soko_product_vector(name text, description text, context text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('pg_catalog.english'::regconfig, coalesce(n.parts[1], n.text)), 'A')
      || setweight(to_tsvector('pg_catalog.english'::regconfig,
           coalesce(n.parts[2], '') || ' ' || coalesce(public.soko_search_text(context), '')), 'B')
      || setweight(to_tsvector('pg_catalog.english'::regconfig, coalesce(public.soko_search_text(description), '')), 'C')
    FROM (
      SELECT t.text, regexp_match(t.text, '^(.+?) (?:for|with) (.+)$') AS parts
      FROM (SELECT coalesce(public.soko_search_text(name), '') AS text) t
    ) n
  $$;
--> statement-breakpoint
-- The price facet's bands (KES 1,000 / 5,000 / 10,000 / 50,000, in cents), each band stood for by one price inside
-- it, and a price exactly on a band edge by itself: so a price filter whose bounds are band edges (the price-range
-- presets, inclusive at both ends) is answered exactly from search_facet_counts. The search repository knows the
-- same edges (PRICE_EDGES_CENTS).
CREATE FUNCTION soko_price_band(price_cents integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN price_cents IN (100000, 500000, 1000000, 5000000) THEN price_cents
      WHEN price_cents < 100000 THEN 1
      WHEN price_cents < 500000 THEN 100001
      WHEN price_cents < 1000000 THEN 500001
      WHEN price_cents < 5000000 THEN 1000001
      ELSE 5000001
    END
  $$;
--> statement-breakpoint
-- The average rating as shoppers see it (one decimal), null without reviews: the min_rating filter and the rating
-- sort, on products (index below) and in search_products.
CREATE FUNCTION soko_rating_avg(rating_sum integer, rating_count integer) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN rating_count > 0 THEN round(rating_sum::numeric / rating_count, 1) END $$;
--> statement-breakpoint
-- Searches without text list products straight from the catalogue, in the order of one of its indexes.
CREATE INDEX products_rating_idx ON products (soko_rating_avg(rating_sum, rating_count) DESC NULLS LAST, rating_count DESC, id);
--> statement-breakpoint
-- A category's or a shop's products in the default (best sellers) or price order: the first page without walking
-- the whole catalogue's order past every other category's best sellers.
CREATE INDEX products_category_popular_idx ON products (category_id, sales_count DESC NULLS LAST, id);
--> statement-breakpoint
CREATE INDEX products_category_price_idx ON products (category_id, effective_price_cents, id);
--> statement-breakpoint
CREATE INDEX products_business_popular_idx ON products (business_id, sales_count DESC NULLS LAST, id);
--> statement-breakpoint
-- What a text search reads for every product it matches, in one narrow row, without joins: the document and copies
-- of what search filters, sorts and counts on. Its only indexes are the key and the document's, so the frequent
-- updates (sales, stock, ratings) can be HOT updates that leave the document's index alone; half of each page is
-- kept free for them, so rows are not moved away by updates either. Rows are added in category order (see
-- soko_search_refresh): a search's matches, mostly from a few categories, then sit on few pages.
CREATE TABLE search_products (
  product_id integer PRIMARY KEY,
  name text NOT NULL,
  category_id integer NOT NULL,
  business_id integer NOT NULL,
  -- The effective price (the discounted one when there is one).
  price_cents integer NOT NULL,
  rating_avg numeric(2, 1),
  rating_count integer NOT NULL,
  sales_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  in_stock boolean NOT NULL,
  -- The shop's.
  is_verified boolean NOT NULL,
  -- md5 of the document's inputs: an update that leaves them alone does not rebuild the document.
  text_hash text NOT NULL,
  document tsvector NOT NULL
) WITH (fillfactor = 50);
--> statement-breakpoint
-- GIN's fast update keeps new entries in a pending list that every search reads through until a vacuum merges it:
-- PGlite has no autovacuum, so there the list would stay (up to 4 MB) and slow every search. All the GIN indexes
-- here merge on write instead.
CREATE INDEX search_products_document_idx ON search_products USING gin (document) WITH (fastupdate = off);
--> statement-breakpoint
-- Re-reads the given products from the catalogue: visible ones are added or brought up to date (the document is
-- rebuilt only when its inputs changed), the others removed. The catalogue triggers below end here, but for updates
-- that change only numbers (copied directly).
CREATE FUNCTION soko_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_products sp
  WHERE sp.product_id = ANY (ids)
    AND NOT EXISTS (
      SELECT 1 FROM products p
      JOIN businesses b ON b.id = p.business_id
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE p.id = sp.product_id AND p.is_active AND b.is_active AND c.is_active AND (pc.id IS NULL OR pc.is_active)
    );
  INSERT INTO search_products AS sp (product_id, name, category_id, business_id, price_cents, rating_avg, rating_count,
    sales_count, created_at, in_stock, is_verified, text_hash, document)
  SELECT p.id, p.name, p.category_id, p.business_id, p.effective_price_cents,
    soko_rating_avg(p.rating_sum, p.rating_count), p.rating_count, p.sales_count, p.created_at, p.stock_qty > 0, b.is_verified, t.hash,
    CASE WHEN cur.text_hash IS DISTINCT FROM t.hash THEN soko_product_vector(p.name, p.description, t.context)
      ELSE cur.document END
  FROM products p
  JOIN businesses b ON b.id = p.business_id
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN categories pc ON pc.id = c.parent_id
  CROSS JOIN LATERAL (SELECT concat_ws(' ', c.name, pc.name, b.name) AS context) ctx
  CROSS JOIN LATERAL (
    SELECT ctx.context, md5(p.name || E'\x1f' || p.description || E'\x1f' || ctx.context) AS hash
  ) t
  LEFT JOIN search_products cur ON cur.product_id = p.id
  WHERE p.id = ANY (ids) AND p.is_active AND b.is_active AND c.is_active AND (pc.id IS NULL OR pc.is_active)
  ORDER BY p.category_id, p.id
  ON CONFLICT (product_id) DO UPDATE SET
    name = excluded.name, category_id = excluded.category_id, business_id = excluded.business_id,
    price_cents = excluded.price_cents, rating_avg = excluded.rating_avg, rating_count = excluded.rating_count,
    sales_count = excluded.sales_count, created_at = excluded.created_at, in_stock = excluded.in_stock,
    is_verified = excluded.is_verified, text_hash = excluded.text_hash,
    document = excluded.document
  WHERE sp.text_hash IS DISTINCT FROM excluded.text_hash
    OR (sp.category_id, sp.business_id, sp.price_cents, sp.rating_avg, sp.rating_count, sp.sales_count, sp.created_at,
        sp.in_stock, sp.is_verified)
      IS DISTINCT FROM (excluded.category_id, excluded.business_id, excluded.price_cents, excluded.rating_avg,
        excluded.rating_count, excluded.sales_count, excluded.created_at, excluded.in_stock, excluded.is_verified);
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert (the demo seed) costs one refresh per statement.
CREATE FUNCTION soko_search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_refresh(array_agg(id)) FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fires on every UPDATE of products. A change of name, description, category, shop or visibility re-reads the
-- product; a change of price, stock, sales or rating only copies the numbers (what orders and reviews change); view
-- counts and the rest change nothing here. No join of the two transition tables: their row estimates are useless
-- to the planner, and a nested loop over thousands of rows (the seed's rating updates) would be quadratic.
CREATE FUNCTION soko_search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_refresh(array_agg(x.id))
  FROM (
    SELECT id, name, description, category_id, business_id, is_active FROM new_rows
    EXCEPT
    SELECT id, name, description, category_id, business_id, is_active FROM old_rows
  ) x
  HAVING count(*) > 0;
  UPDATE search_products sp SET
    price_cents = n.effective_price_cents, rating_avg = soko_rating_avg(n.rating_sum, n.rating_count),
    rating_count = n.rating_count, sales_count = n.sales_count, created_at = n.created_at, in_stock = n.stock_qty > 0
  FROM new_rows n
  WHERE sp.product_id = n.id
    AND (sp.price_cents, sp.rating_avg, sp.rating_count, sp.sales_count, sp.created_at, sp.in_stock)
      IS DISTINCT FROM (n.effective_price_cents, soko_rating_avg(n.rating_sum, n.rating_count), n.rating_count,
        n.sales_count, n.created_at, n.stock_qty > 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_search_products_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_products WHERE product_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_search_products_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_products;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_inserted();
--> statement-breakpoint
CREATE TRIGGER products_search_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_updated();
--> statement-breakpoint
CREATE TRIGGER products_search_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_deleted();
--> statement-breakpoint
CREATE TRIGGER products_search_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_truncated();
--> statement-breakpoint
CREATE TABLE search_facet_counts (
  category_id integer NOT NULL,
  business_id integer NOT NULL,
  -- soko_price_band(price_cents)
  price_band integer NOT NULL,
  -- floor(rating_avg); 0 without reviews.
  rating_floor smallint NOT NULL,
  in_stock boolean NOT NULL,
  is_verified boolean NOT NULL,
  product_count integer NOT NULL,
  PRIMARY KEY (category_id, business_id, price_band, rating_floor, in_stock, is_verified)
);
--> statement-breakpoint
-- The product counts of vendor objects come from here too.
CREATE INDEX search_facet_counts_business_idx ON search_facet_counts (business_id);
--> statement-breakpoint
-- search_suggestions: one row per distinct product name (by its normalised text; product_count counts the visible
-- products that carry it), per active category and per active shop.
CREATE TABLE search_suggestions (
  kind text NOT NULL CHECK (kind IN ('product', 'category', 'vendor')),
  -- The normalised name for products; the category's or shop's id for the others.
  key text NOT NULL,
  norm text COLLATE "C" NOT NULL,
  label text NOT NULL,
  product_count integer NOT NULL DEFAULT 0,
  document tsvector GENERATED ALWAYS AS (to_tsvector('pg_catalog.english'::regconfig, norm)) STORED,
  PRIMARY KEY (kind, key)
);
--> statement-breakpoint
CREATE INDEX search_suggestions_norm_idx ON search_suggestions (norm);
--> statement-breakpoint
CREATE INDEX search_suggestions_trgm_idx ON search_suggestions USING gin (norm gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX search_suggestions_document_idx ON search_suggestions USING gin (document) WITH (fastupdate = off);
--> statement-breakpoint
-- Counts and names move by deltas; rows are upserted in key order so that concurrent writers lock them in the same
-- order. Facet rows at zero are kept (they count nothing, and the key space is small).
CREATE FUNCTION soko_search_add_facets(
  category_ids integer[], business_ids integer[], prices integer[], ratings numeric[], stocks boolean[],
  verified boolean[], deltas integer[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_facet_counts AS f (category_id, business_id, price_band, rating_floor, in_stock, is_verified,
    product_count)
  SELECT d.c, d.b, soko_price_band(d.p), coalesce(floor(d.r), 0)::smallint, d.s, d.v, sum(d.n)::int
  FROM unnest(category_ids, business_ids, prices, ratings, stocks, verified, deltas) AS d(c, b, p, r, s, v, n)
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.n) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (category_id, business_id, price_band, rating_floor, in_stock, is_verified)
  DO UPDATE SET product_count = f.product_count + excluded.product_count
$$;
--> statement-breakpoint
CREATE FUNCTION soko_search_add_names(names text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_suggestions AS s (kind, key, norm, label, product_count)
  SELECT 'product', d.norm, d.norm, min(d.name), sum(d.n)::int
  FROM (SELECT soko_search_text(x.name) AS norm, x.name, x.n FROM unnest(names, deltas) AS x(name, n)) d
  WHERE d.norm <> ''
  GROUP BY d.norm
  HAVING sum(d.n) <> 0
  ORDER BY d.norm
  ON CONFLICT (kind, key) DO UPDATE SET product_count = s.product_count + excluded.product_count;
  IF -1 = ANY (deltas) THEN
    DELETE FROM search_suggestions s
    WHERE s.kind = 'product' AND s.product_count <= 0 AND s.key IN (SELECT soko_search_text(x) FROM unnest(names) AS x);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_search_products_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_add_facets(array_agg(category_id), array_agg(business_id), array_agg(price_cents),
      array_agg(rating_avg), array_agg(in_stock), array_agg(is_verified), array_agg(1)),
    soko_search_add_names(array_agg(name), array_agg(1))
  FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_search_products_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_add_facets(array_agg(category_id), array_agg(business_id), array_agg(price_cents),
      array_agg(rating_avg), array_agg(in_stock), array_agg(is_verified), array_agg(-1)),
    soko_search_add_names(array_agg(name), array_agg(-1))
  FROM old_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update adds its new rows and takes away its old ones; rows whose facet key (or name) did not change cancel out.
CREATE FUNCTION soko_search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_add_facets(array_agg(d.category_id), array_agg(d.business_id), array_agg(d.price_cents),
      array_agg(d.rating_avg), array_agg(d.in_stock), array_agg(d.is_verified), array_agg(d.n)),
    soko_search_add_names(array_agg(d.name), array_agg(d.n))
  FROM (
    SELECT category_id, business_id, price_cents, rating_avg, in_stock, is_verified, name, 1 AS n FROM new_rows
    UNION ALL
    SELECT category_id, business_id, price_cents, rating_avg, in_stock, is_verified, name, -1 FROM old_rows
  ) d
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_products_added AFTER INSERT ON search_products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_added();
--> statement-breakpoint
CREATE TRIGGER search_products_removed AFTER DELETE ON search_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_removed();
--> statement-breakpoint
CREATE TRIGGER search_products_changed AFTER UPDATE ON search_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION soko_search_products_changed();
--> statement-breakpoint
-- Categories and shops: their suggestion follows their name and visibility, and their products are refreshed when
-- what search shows of them changes (a category's name reaches the products of the category and of its children).
CREATE FUNCTION soko_search_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_suggestions WHERE kind = 'category' AND key = OLD.id::text;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_active AND soko_search_text(NEW.name) <> '' THEN
    INSERT INTO search_suggestions (kind, key, norm, label)
    VALUES ('category', NEW.id::text, soko_search_text(NEW.name), NEW.name);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM soko_search_refresh(array_agg(p.id))
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE c.id = NEW.id OR c.parent_id = NEW.id
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_inserted AFTER INSERT ON categories
  FOR EACH ROW EXECUTE FUNCTION soko_search_categories_changed();
--> statement-breakpoint
CREATE TRIGGER categories_search_updated AFTER UPDATE ON categories
  FOR EACH ROW WHEN ((OLD.name, OLD.parent_id, OLD.is_active) IS DISTINCT FROM (NEW.name, NEW.parent_id, NEW.is_active))
  EXECUTE FUNCTION soko_search_categories_changed();
--> statement-breakpoint
CREATE TRIGGER categories_search_deleted AFTER DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION soko_search_categories_changed();
--> statement-breakpoint
CREATE FUNCTION soko_search_businesses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_suggestions WHERE kind = 'vendor' AND key = OLD.id::text;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_active AND soko_search_text(NEW.name) <> '' THEN
    INSERT INTO search_suggestions (kind, key, norm, label)
    VALUES ('vendor', NEW.id::text, soko_search_text(NEW.name), NEW.name);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM soko_search_refresh(array_agg(p.id)) FROM products p WHERE p.business_id = NEW.id HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER businesses_search_inserted AFTER INSERT ON businesses
  FOR EACH ROW EXECUTE FUNCTION soko_search_businesses_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_search_updated AFTER UPDATE ON businesses
  FOR EACH ROW WHEN ((OLD.name, OLD.is_active, OLD.is_verified) IS DISTINCT FROM (NEW.name, NEW.is_active, NEW.is_verified))
  EXECUTE FUNCTION soko_search_businesses_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_search_deleted AFTER DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION soko_search_businesses_changed();
--> statement-breakpoint
CREATE FUNCTION soko_search_kind_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_suggestions WHERE kind = TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_search_truncated AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION soko_search_kind_truncated('category');
--> statement-breakpoint
CREATE TRIGGER businesses_search_truncated AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION soko_search_kind_truncated('vendor');
--> statement-breakpoint
-- The vocabulary: every word (two characters or more, English stop words aside) of the suggestions' names, its
-- English stem, and how many suggestions use it. Typo correction looks a mistyped word up here by trigram
-- similarity: a few thousand rows, not the catalogue.
CREATE TABLE search_terms (
  term text COLLATE "C" PRIMARY KEY,
  lexeme text NOT NULL,
  doc_count integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX search_terms_lexeme_idx ON search_terms (lexeme);
--> statement-breakpoint
CREATE FUNCTION soko_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms AS t (term, lexeme, doc_count)
  SELECT w.term, min(w.lexeme), count(*)::int
  FROM (
    SELECT DISTINCT r.kind, r.key, x.term,
      (tsvector_to_array(to_tsvector('pg_catalog.english'::regconfig, x.term)))[1] AS lexeme
    FROM new_rows r CROSS JOIN unnest(string_to_array(r.norm, ' ')) AS x(term)
    WHERE length(x.term) >= 2
  ) w
  WHERE w.lexeme IS NOT NULL
  GROUP BY w.term
  ORDER BY w.term
  ON CONFLICT (term) DO UPDATE SET doc_count = t.doc_count + excluded.doc_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_terms t SET doc_count = t.doc_count - gone.n
  FROM (
    SELECT x.term, count(DISTINCT (r.kind, r.key))::int AS n
    FROM old_rows r CROSS JOIN unnest(string_to_array(r.norm, ' ')) AS x(term)
    GROUP BY x.term
  ) gone
  WHERE t.term = gone.term;
  DELETE FROM search_terms WHERE doc_count <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_suggestions_added AFTER INSERT ON search_suggestions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_terms_added();
--> statement-breakpoint
CREATE TRIGGER search_suggestions_removed AFTER DELETE ON search_suggestions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_search_terms_removed();
--> statement-breakpoint
-- A database migrated after its catalogue was loaded: index what is there.
INSERT INTO search_suggestions (kind, key, norm, label)
SELECT 'category', id::text, soko_search_text(name), name FROM categories WHERE is_active AND soko_search_text(name) <> ''
UNION ALL
SELECT 'vendor', id::text, soko_search_text(name), name FROM businesses WHERE is_active AND soko_search_text(name) <> '';
--> statement-breakpoint
SELECT soko_search_refresh(array_agg(id)) FROM products HAVING count(*) > 0;
