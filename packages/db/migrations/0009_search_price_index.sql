-- Hand-written: search without text under a shopper's own price range (bounds inside a price band) counts the
-- products of the bands it cuts through this index, instead of reading the whole of search_products. Prices change
-- far less often than stock, sales and ratings, so the frequent updates stay HOT updates (see migration 0003).
CREATE INDEX search_products_price_idx ON search_products (price_cents);
