-- Hand-written: search facets at 100,000 products (docs/decisions/0007-search-in-postgresql.md).
--
-- A text search groups every match by category, shop, price band and rating floor to count its facets. Working the
-- band and the floor out of the price and the (numeric) average rating, row by row, was a third of that statement's
-- time for a broad word ("phone": 17,700 matches). Stored, they are read like any other column. Adding them
-- rewrites the table in its current (clustered) order.
--
-- price_band: the price facet's band, 0-4 (KES 1,000 / 5,000 / 10,000 / 50,000: the search repository's
-- PRICE_EDGES_CENTS); not search_facet_counts.price_band, which stands for a band by one price in it.
ALTER TABLE search_products
  ADD COLUMN price_band smallint NOT NULL
    GENERATED ALWAYS AS (width_bucket(price_cents, ARRAY[100000, 500000, 1000000, 5000000])) STORED,
  -- floor(rating_avg); 0 without reviews.
  ADD COLUMN rating_floor smallint NOT NULL
    GENERATED ALWAYS AS (coalesce(floor(rating_avg), 0)) STORED;
--> statement-breakpoint
-- A shopper's own price range counts the products of the price slices it cuts (migration 0009). Prices cluster
-- (KES 1,000 to 1,234 holds 6,600 of 100,000 demo products), and those rows lie all over the table: this index
-- holds everything the count groups by, so the slices are read from the index alone. Stock running out and an
-- average rating crossing a whole star now change an indexed column, so those updates are no longer HOT; sales,
-- the frequent one, still are.
DROP INDEX search_products_price_idx;
--> statement-breakpoint
CREATE INDEX search_products_price_idx ON search_products (price_cents)
  INCLUDE (category_id, business_id, price_band, rating_floor, in_stock, is_verified);
