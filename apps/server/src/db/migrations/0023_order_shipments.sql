-- Split shipments (docs/orders.md, Split shipments): the parcels an order left in and the pieces of each
-- line in them. Orders shipped before this migration have no parcel rows (their status says they left).
CREATE TABLE "order_shipment_lines" (
	"shipment_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_shipment_lines_shipment_id_order_item_id_pk" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "order_shipment_lines_quantity_check" CHECK (quantity > 0)
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipment_lines_item_idx" ON "order_shipment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_order_seq_key" ON "order_shipments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_shipments_tracking_idx" ON "order_shipments" USING btree ("tracking_number");