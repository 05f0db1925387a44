CREATE TABLE "cart_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"type_code" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK (quantity >= 1)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"region_id" text NOT NULL,
	"state" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"receiver" text NOT NULL,
	"phone" text NOT NULL,
	"company" text,
	"tax_id" text,
	"shipping_mark" text,
	"address" text NOT NULL,
	"address2" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"surcharge_bp" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_methods_surcharge_check" CHECK (surcharge_bp between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"excluded_regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"method_id" text NOT NULL,
	"zone_code" text NOT NULL,
	"first_weight_g" integer NOT NULL,
	"first_price_fen" integer NOT NULL,
	"step_weight_g" integer NOT NULL,
	"step_price_fen" integer NOT NULL,
	"min_charge_fen" integer DEFAULT 0 NOT NULL,
	"max_weight_g" integer NOT NULL,
	"transit_min_days" integer NOT NULL,
	"transit_max_days" integer NOT NULL,
	CONSTRAINT "shipping_rates_method_id_zone_code_pk" PRIMARY KEY("method_id","zone_code"),
	CONSTRAINT "shipping_rates_check" CHECK (first_weight_g >= 0 and step_weight_g > 0 and first_price_fen >= 0 and step_price_fen >= 0 and min_charge_fen >= 0 and max_weight_g > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_regions" (
	"region_id" text PRIMARY KEY NOT NULL,
	"zone_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"type_code" text NOT NULL,
	"type_name_zh" text,
	"type_name_en" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"supplier_name_zh" text NOT NULL,
	"supplier_name_en" text NOT NULL,
	"image_version" integer NOT NULL,
	"quantity" integer NOT NULL,
	"moq" integer NOT NULL,
	"order_multiple" integer,
	"list_price_fen" bigint NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"list_price_minor" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"nw_g" integer,
	"gw_g" integer,
	"volume_cm3" integer,
	"volume_weight_g" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_amount_check" CHECK (quantity >= 1 and amount_fen = unit_price_fen * quantity and amount_minor = unit_price_minor * quantity)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1),
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'confirm' NOT NULL,
	"logistics_status" text DEFAULT 'pending' NOT NULL,
	"tracking_number" text,
	"currency" text NOT NULL,
	"exchange_rate" double precision NOT NULL,
	"line_count" integer NOT NULL,
	"piece_count" integer NOT NULL,
	"list_fen" bigint NOT NULL,
	"goods_fen" bigint NOT NULL,
	"freight_base_fen" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"surcharge_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"list_minor" bigint NOT NULL,
	"goods_minor" bigint NOT NULL,
	"freight_base_minor" bigint NOT NULL,
	"freight_minor" bigint NOT NULL,
	"surcharge_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"free_shipping" boolean NOT NULL,
	"free_shipping_threshold_minor" bigint,
	"total_nw_g" bigint NOT NULL,
	"total_gw_g" bigint NOT NULL,
	"total_volume_cm3" bigint NOT NULL,
	"total_volume_weight_g" bigint NOT NULL,
	"chargeable_weight_g" bigint NOT NULL,
	"express_method_id" text NOT NULL,
	"express_name_zh" text NOT NULL,
	"express_name_en" text NOT NULL,
	"zone_code" text NOT NULL,
	"zone_name_zh" text NOT NULL,
	"zone_name_en" text NOT NULL,
	"transit_min_days" integer NOT NULL,
	"transit_max_days" integer NOT NULL,
	"pay_method_id" text NOT NULL,
	"pay_name_zh" text NOT NULL,
	"pay_name_en" text NOT NULL,
	"surcharge_bp" integer NOT NULL,
	"region_id" text NOT NULL,
	"state" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"receiver" text NOT NULL,
	"phone" text NOT NULL,
	"company" text,
	"tax_id" text,
	"shipping_mark" text,
	"address" text NOT NULL,
	"address2" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_check" CHECK (total_fen = goods_fen + freight_fen + surcharge_fen and total_minor = goods_minor + freight_minor + surcharge_minor)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_method_id_shipping_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_regions" ADD CONSTRAINT "shipping_zone_regions_zone_code_shipping_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."shipping_zones"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_item_type_key" ON "cart_items" USING btree ("user_id","item_id","type_code");--> statement-breakpoint
CREATE INDEX "cart_items_item_idx" ON "cart_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_key" ON "addresses" USING btree ("user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_user_idx" ON "order_items" USING btree ("user_id","order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_key_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_status_created_idx" ON "orders" USING btree ("user_id","status","created_at","id");