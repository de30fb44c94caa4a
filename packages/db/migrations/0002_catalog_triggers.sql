-- Hand-written. Rating totals (sum and count of review ratings) on products and businesses are kept by the
-- database itself, so no code path can forget them; statement-level triggers with transition tables make a bulk
-- insert of reviews (the demo seed) one UPDATE per statement, not per row.
CREATE FUNCTION soko_reviews_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET rating_sum = p.rating_sum + d.s, rating_count = p.rating_count + d.c
  FROM (SELECT product_id, sum(rating)::int AS s, count(*)::int AS c FROM new_rows GROUP BY product_id) d
  WHERE p.id = d.product_id;
  UPDATE businesses b SET rating_sum = b.rating_sum + d.s, rating_count = b.rating_count + d.c
  FROM (SELECT p.business_id, sum(r.rating)::int AS s, count(*)::int AS c
        FROM new_rows r JOIN products p ON p.id = r.product_id GROUP BY p.business_id) d
  WHERE b.id = d.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_reviews_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET rating_sum = p.rating_sum - d.s, rating_count = p.rating_count - d.c
  FROM (SELECT product_id, sum(rating)::int AS s, count(*)::int AS c FROM old_rows GROUP BY product_id) d
  WHERE p.id = d.product_id;
  UPDATE businesses b SET rating_sum = b.rating_sum - d.s, rating_count = b.rating_count - d.c
  FROM (SELECT p.business_id, sum(r.rating)::int AS s, count(*)::int AS c
        FROM old_rows r JOIN products p ON p.id = r.product_id GROUP BY p.business_id) d
  WHERE b.id = d.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_added AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_reviews_added();
--> statement-breakpoint
CREATE TRIGGER reviews_removed AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_reviews_removed();
--> statement-breakpoint
CREATE TRIGGER reviews_changed_removed AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_reviews_removed();
--> statement-breakpoint
CREATE TRIGGER reviews_changed_added AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION soko_reviews_added();
--> statement-breakpoint
-- A product moved to another shop takes its rating totals along.
CREATE FUNCTION soko_product_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET rating_sum = rating_sum - OLD.rating_sum, rating_count = rating_count - OLD.rating_count
  WHERE id = OLD.business_id;
  UPDATE businesses SET rating_sum = rating_sum + NEW.rating_sum, rating_count = rating_count + NEW.rating_count
  WHERE id = NEW.business_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_moved AFTER UPDATE OF business_id ON products
  FOR EACH ROW WHEN (OLD.business_id IS DISTINCT FROM NEW.business_id) EXECUTE FUNCTION soko_product_moved();
--> statement-breakpoint
-- Every change to what the storefront shows is announced on channel soko_catalog, so that each server process
-- drops its cached copies at once (whichever process, or operator, made the change). Payload: the table name,
-- and for a product update its id ("products:42"). View-count updates are not announced: they would empty the
-- caches on every page view.
CREATE FUNCTION soko_notify_catalog_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('soko_catalog', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soko_notify_product_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('soko_catalog', 'products:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER businesses_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER product_images_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION soko_notify_catalog_statement();
--> statement-breakpoint
CREATE TRIGGER products_notify_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.description, OLD.price_cents, OLD.discounted_price_cents, OLD.stock_qty,
          OLD.low_stock_threshold, OLD.is_active, OLD.category_id, OLD.business_id, OLD.sales_count)
        IS DISTINCT FROM
        (NEW.name, NEW.slug, NEW.description, NEW.price_cents, NEW.discounted_price_cents, NEW.stock_qty,
          NEW.low_stock_threshold, NEW.is_active, NEW.category_id, NEW.business_id, NEW.sales_count))
  EXECUTE FUNCTION soko_notify_product_row();
