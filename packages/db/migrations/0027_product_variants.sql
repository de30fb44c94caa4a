CREATE TABLE "product_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"option_names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_families_options" CHECK (cardinality("product_families"."option_names") between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "family_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_families" ADD CONSTRAINT "product_families_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_families_business_idx" ON "product_families" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_family_options_key" ON "products" USING btree ("family_id","option_values") WHERE "products"."family_id" is not null;--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_id") WHERE "products"."family_id" is not null;--> statement-breakpoint
-- Variants (docs/decisions/0026-product-variants.md). One variant of each family is `listed`: the one listings,
-- search and facets show, so a family is one card. It is the family's active variant in stock at the lowest price
-- (then any active one, then the first), so the card's price is the family's "from" price and the in-stock filter
-- finds a family while any of its variants can be bought. Kept by the trigger below whoever writes products (a
-- checkout that sells the last unit of the listed variant moves the card to the next).
CREATE FUNCTION soko_variant_leads(families integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET listed = (p.id = lead.id)
  FROM (
    SELECT DISTINCT ON (v.family_id) v.family_id, v.id FROM products v
    WHERE v.family_id = ANY (families)
    ORDER BY v.family_id, v.is_active DESC, v.stock_qty > 0 DESC, v.effective_price_cents, v.id
  ) lead
  WHERE p.family_id = lead.family_id AND p.listed IS DISTINCT FROM (p.id = lead.id);
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_products_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT family_id) INTO changed FROM new_rows WHERE family_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT family_id) INTO changed FROM old_rows WHERE family_id IS NOT NULL;
  ELSE
    -- What decides the listed variant: membership, visibility, stock or no stock, price. Both sides, so a variant
    -- that leaves a family hands the card on.
    SELECT array_agg(DISTINCT x.family_id) INTO changed FROM (
      (SELECT id, family_id, is_active, stock_qty > 0 AS in_stock, effective_price_cents FROM new_rows
       EXCEPT SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents FROM old_rows)
      UNION ALL
      (SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents FROM old_rows
       EXCEPT SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents FROM new_rows)
    ) x WHERE x.family_id IS NOT NULL;
    -- A statement-level trigger fires even for an update of no rows: only update when there is something to.
    IF EXISTS (SELECT 1 FROM new_rows WHERE family_id IS NULL AND NOT listed) THEN
      UPDATE products p SET listed = true FROM new_rows n WHERE p.id = n.id AND n.family_id IS NULL AND NOT n.listed;
    END IF;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM soko_variant_leads(changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_variants_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_products_variants_changed();
--> statement-breakpoint
CREATE TRIGGER products_variants_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION soko_products_variants_changed();
--> statement-breakpoint
CREATE TRIGGER products_variants_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_products_variants_changed();
--> statement-breakpoint
-- Search keeps only listed products (soko_search_refresh of migration 0003, with `p.listed`), and re-reads a
-- product whose `listed` changed.
CREATE OR REPLACE FUNCTION soko_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_products sp
  WHERE sp.product_id = ANY (ids)
    AND NOT EXISTS (
      SELECT 1 FROM products p
      JOIN businesses b ON b.id = p.business_id
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN categories pc ON pc.id = c.parent_id
      WHERE p.id = sp.product_id AND p.is_active AND p.listed AND b.is_active AND c.is_active
        AND (pc.id IS NULL OR pc.is_active)
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
  WHERE p.id = ANY (ids) AND p.is_active AND p.listed AND b.is_active AND c.is_active AND (pc.id IS NULL OR pc.is_active)
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
CREATE OR REPLACE FUNCTION soko_search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soko_search_refresh(array_agg(x.id))
  FROM (
    SELECT id, name, description, category_id, business_id, is_active, listed FROM new_rows
    EXCEPT
    SELECT id, name, description, category_id, business_id, is_active, listed FROM old_rows
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
-- A bracketed name part as an option: "Size 42" is Size 42, "M" is a Size, "Pack of 6" a Pack, a colour word a
-- Colour, anything else a Style. Returns {name, value}.
CREATE FUNCTION soko_variant_option(part text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN part ~ '^Size \S' THEN ARRAY['Size', substr(part, 6)]
    WHEN part ~ '^(XXS|XS|S|M|L|XL|XXL|XXXL|[2-5]XL)$' THEN ARRAY['Size', part]
    WHEN part ~* '^(pack|bale|box|set|carton|tray|bundle) of ' THEN ARRAY['Pack', part]
    WHEN part ~* '(black|white|blue|red|green|yellow|purple|orange|pink|grey|gray|gold|silver|brown|sand|navy|beige|cream|maroon|teal|khaki|olive|ivory|turquoise|burgundy|charcoal|floral|striped|print|mix)'
      THEN ARRAY['Colour', part]
    ELSE ARRAY['Style', part]
  END
$$;
--> statement-breakpoint
-- Products sold as separate copies per size or colour ("Kikoy Shirt (Sand) (M)") become variants of one product:
-- the same shop and category, the same name before the brackets, the same number of bracketed parts, options
-- named alike, and at least two distinct copies (a copy whose values repeat another's stays on its own). Names,
-- slugs, prices, stock, photos and reviews stay with each variant. Returns the number of families made; run by this
-- migration for existing data and by the demo seed after it loads its catalogue.
CREATE FUNCTION soko_group_variants() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  g record;
  family integer;
  made integer := 0;
BEGIN
  FOR g IN
    WITH parsed AS (
      SELECT p.id, p.business_id, p.category_id, m[1] AS base,
        (SELECT array_agg(soko_variant_option(x.part[1]) ORDER BY x.ord)
          FROM regexp_matches(m[2], '\(([^()]+)\)', 'g') WITH ORDINALITY AS x(part, ord)) AS options
      FROM products p
      CROSS JOIN LATERAL regexp_match(p.name, '^(.*?\S)((?: \([^()]+\))+)$') AS m
      WHERE p.family_id IS NULL AND m IS NOT NULL
    ),
    split AS (
      SELECT id, business_id, category_id, base,
        ARRAY(SELECT options[i][1] FROM generate_subscripts(options, 1) AS i ORDER BY i) AS names,
        ARRAY(SELECT options[i][2] FROM generate_subscripts(options, 1) AS i ORDER BY i) AS vals
      FROM parsed
    ),
    distinct_copies AS (
      SELECT DISTINCT ON (business_id, category_id, base, names, vals) *
      FROM split
      WHERE cardinality(names) BETWEEN 1 AND 3
        AND cardinality(names) = (SELECT count(DISTINCT n) FROM unnest(names) AS n)
      ORDER BY business_id, category_id, base, names, vals, id
    )
    SELECT business_id, base, names, array_agg(id ORDER BY id) AS ids, array_agg(vals ORDER BY id) AS vals
    FROM distinct_copies
    GROUP BY business_id, category_id, base, names
    HAVING count(*) > 1
  LOOP
    INSERT INTO product_families (business_id, name, option_names) VALUES (g.business_id, g.base, g.names)
    RETURNING id INTO family;
    UPDATE products p SET family_id = family, option_values = ARRAY(SELECT unnest(g.vals[i.n : i.n][1 : cardinality(g.names)]))
    FROM generate_subscripts(g.ids, 1) AS i(n)
    WHERE p.id = g.ids[i.n];
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT soko_group_variants();
