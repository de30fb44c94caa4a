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
-- Rows in category order, and by name within a category: a search's matches, mostly from a few categories and,
-- names starting with the brand, often one brand's run of names, then sit on fewer pages ("samsung" reads 756 pages
-- instead of 1,890 at 100,000 products). New rows go wherever there is room; `CLUSTER search_products` (this index
-- is the table's clustering index) puts them back in order, and seeding the demo catalogue ends with it.
CREATE INDEX search_products_category_name_idx ON search_products (category_id, name, product_id);
--> statement-breakpoint
CLUSTER search_products USING search_products_category_name_idx;
