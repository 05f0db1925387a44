-- Staff search newest first (docs/orders.md, Staff search): a broad fragment ("smi": 3 % of the orders)
-- is checked on this index alone (every column the queue's q reads), walked from the newest order,
-- without reading the rows.
CREATE INDEX "orders_created_search_idx" ON "orders" USING btree ("created_at","id","user_id","tracking_number","search_text");