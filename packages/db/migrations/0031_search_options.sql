ALTER TABLE "search_products" ADD COLUMN "options" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_products_options_document_idx" ON "search_products" USING gin ("document") WITH (fastupdate=off) WHERE "search_products"."options" <> '{}';--> statement-breakpoint
CREATE INDEX "search_products_options_category_idx" ON "search_products" USING btree ("category_id") WHERE "search_products"."options" <> '{}';--> statement-breakpoint
-- The option facet (docs/decisions/0026-product-variants.md): each listed product with variants carries, in its
-- search row, every option value its active variants have, so the facet is counted over the search's matches alone
-- (a pass over every family cost tens of milliseconds at 100,000 products). Name and value are joined by a unit
-- separator.
CREATE FUNCTION soko_family_options(family integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(o.token ORDER BY o.token), '{}'::text[]) FROM (
    SELECT DISTINCT f.option_names[i.i] || E'\x1f' || v.option_values[i.i] AS token
    FROM product_families f
    JOIN products v ON v.family_id = f.id AND v.is_active
    JOIN (VALUES (1), (2), (3)) AS i(i) ON i.i <= cardinality(f.option_names)
    WHERE f.id = family AND v.option_values[i.i] IS NOT NULL
  ) o
$$;
--> statement-breakpoint
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
    sales_count, created_at, in_stock, is_verified, text_hash, document, options)
  SELECT p.id, p.name, p.category_id, p.business_id, p.effective_price_cents,
    soko_rating_avg(p.rating_sum, p.rating_count), p.rating_count, p.sales_count, p.created_at, p.stock_qty > 0, b.is_verified, t.hash,
    CASE WHEN cur.text_hash IS DISTINCT FROM t.hash THEN soko_product_vector(p.name, p.description, t.context)
      ELSE cur.document END,
    CASE WHEN p.family_id IS NULL THEN '{}'::text[] ELSE soko_family_options(p.family_id) END
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
    document = excluded.document, options = excluded.options
  WHERE sp.text_hash IS DISTINCT FROM excluded.text_hash
    OR (sp.category_id, sp.business_id, sp.price_cents, sp.rating_avg, sp.rating_count, sp.sales_count, sp.created_at,
        sp.in_stock, sp.is_verified, sp.options)
      IS DISTINCT FROM (excluded.category_id, excluded.business_id, excluded.price_cents, excluded.rating_avg,
        excluded.rating_count, excluded.sales_count, excluded.created_at, excluded.in_stock, excluded.is_verified,
        excluded.options);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION soko_products_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
      (SELECT id, family_id, is_active, stock_qty > 0 AS in_stock, effective_price_cents, option_values FROM new_rows
       EXCEPT SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents, option_values FROM old_rows)
      UNION ALL
      (SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents, option_values FROM old_rows
       EXCEPT SELECT id, family_id, is_active, stock_qty > 0, effective_price_cents, option_values FROM new_rows)
    ) x WHERE x.family_id IS NOT NULL;
    -- A statement-level trigger fires even for an update of no rows: only update when there is something to.
    IF EXISTS (SELECT 1 FROM new_rows WHERE family_id IS NULL AND NOT listed) THEN
      UPDATE products p SET listed = true FROM new_rows n WHERE p.id = n.id AND n.family_id IS NULL AND NOT n.listed;
    END IF;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM soko_variant_leads(changed);
    -- The family's options as its card's search row has them (a variant added, gone, or off sale).
    PERFORM soko_search_refresh(array_agg(p.id)) FROM products p WHERE p.family_id = ANY (changed) AND p.listed
      HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT soko_search_refresh(array_agg(id)) FROM products WHERE family_id IS NOT NULL AND listed HAVING count(*) > 0;
