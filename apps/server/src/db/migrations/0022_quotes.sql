-- Quotes (docs/orders.md, Quotes): a buyer asks from the cart, sales staff price and send, the buyer
-- accepts once (quotes.order_id is unique: one order per quote).
CREATE TABLE "quote_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"type_code" text NOT NULL,
	"type_name_zh" text,
	"type_name_en" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"image_version" integer NOT NULL,
	"quantity" integer NOT NULL,
	"catalog_price_minor" bigint,
	"unit_price_minor" bigint,
	CONSTRAINT "quote_lines_check" CHECK (quantity >= 1 and (unit_price_minor is null or unit_price_minor > 0))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"currency" text NOT NULL,
	"message" text NOT NULL,
	"note" text,
	"freight_minor" bigint,
	"valid_until" timestamp with time zone,
	"withdraw_reason" text,
	"order_id" bigint,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_money_check" CHECK (freight_minor is null or freight_minor >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_key" ON "quotes" USING btree ("order_id");