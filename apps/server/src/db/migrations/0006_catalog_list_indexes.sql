DROP INDEX "items_base_price_idx";--> statement-breakpoint
DROP INDEX "items_category_idx";--> statement-breakpoint
DROP INDEX "items_category_price_idx";--> statement-breakpoint
DROP INDEX "items_supplier_idx";--> statement-breakpoint
CREATE INDEX "items_list_price_idx" ON "items" USING btree ("base_price_fen","id","updated_at","category_id","supplier_id","created_at","discount_percent","hot");--> statement-breakpoint
CREATE INDEX "items_list_category_idx" ON "items" USING btree ("category_id","base_price_fen","id","updated_at","supplier_id","created_at","discount_percent","hot");--> statement-breakpoint
CREATE INDEX "items_list_supplier_idx" ON "items" USING btree ("supplier_id","base_price_fen","id","updated_at","category_id","created_at","discount_percent","hot");