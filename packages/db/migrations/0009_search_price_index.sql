-- Hand-written: search at 100,000 products (docs/decisions/0007-search-in-postgresql.md).
--
-- Search without text under a shopper's own price range (bounds inside a price band) counts the products of the
-- bands it cuts through this index, instead of reading the whole of search_products. Prices change far less often
-- than stock, sales and ratings, so those frequent updates stay HOT updates (see migration 0003).
CREATE INDEX search_products_price_idx ON search_products (price_cents);
--> statement-breakpoint
-- A broad word ("samsung") matches about one row per page of search_products: the fewer pages the table has, the
-- fewer a search reads. A quarter of each page left free is still room for several updated versions of its rows
-- (sales, stock, ratings), so they stay HOT updates; half a page was more than they use.
ALTER TABLE search_products SET (fillfactor = 75);
--> statement-breakpoint
-- Rewrites the rows already there at the new fill factor, in category order (as soko_search_refresh adds them): a
-- search's matches, mostly from a few categories, then sit on fewer pages. The index only serves the rewrite.
CREATE INDEX search_products_category_order ON search_products (category_id, product_id);
--> statement-breakpoint
CLUSTER search_products USING search_products_category_order;
--> statement-breakpoint
DROP INDEX search_products_category_order;
