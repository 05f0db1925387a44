CREATE TABLE "order_credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"request_id" bigint,
	"amount_minor" bigint NOT NULL,
	"extra_minor" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_credits_amount_check" CHECK (amount_minor > 0 and extra_minor >= 0 and extra_minor <= amount_minor)
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "instructions" jsonb DEFAULT '{"receiver":"","account":"","noteZh":"","noteEn":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "qr_image" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipped_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "credited_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paypal_orders" ADD COLUMN "approve_url" text;--> statement-breakpoint
ALTER TABLE "order_credits" ADD CONSTRAINT "order_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_credits_order_seq_key" ON "order_credits" USING btree ("order_id","seq");--> statement-breakpoint
-- One open PayPal order per shop order: older open ones of the same order are voided first.
UPDATE "paypal_orders" p SET "status" = 'VOIDED', "updated_at" = now()
WHERE p."status" in ('CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'CAPTURING')
  AND EXISTS (SELECT 1 FROM "paypal_orders" q WHERE q."order_id" = p."order_id" AND q."status" in ('CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'CAPTURING')
    AND (q."created_at", q."paypal_order_id") > (p."created_at", p."paypal_order_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "paypal_orders_open_key" ON "paypal_orders" USING btree ("order_id") WHERE status in ('CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'CAPTURING');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pieces_check" CHECK (credited_quantity >= 0 and returned_quantity >= 0 and stock_reserved >= 0 and returned_quantity <= coalesce(shipped_quantity, 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK (paid_minor >= 0 and refunded_minor >= 0 and credited_minor >= 0 and credited_minor <= coalesce(actual_total_minor, total_minor));--> statement-breakpoint
-- Lines of orders that already left the warehouse: what left is what was packed.
UPDATE "order_items" i SET "shipped_quantity" = coalesce(i."actual_quantity", i."quantity")
FROM "orders" o
WHERE o."id" = i."order_id" AND (o."status" in ('outbound', 'delivery', 'complete')
  OR (o."status" = 'cancel' AND EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."type" = 'status' AND e."to_value" = 'outbound')));--> statement-breakpoint
-- Refunds recorded before credit notes existed left a fully paid order "owing" them again: each
-- becomes the credit note it stood for (a return when one was approved, else a goodwill reduction).
INSERT INTO "order_credits" ("order_id", "seq", "kind", "request_id", "amount_minor", "extra_minor", "reason")
SELECT o."id", 1,
  CASE WHEN r."id" IS NULL THEN 'goodwill' ELSE 'return' END, r."id",
  coalesce(o."actual_total_minor", o."total_minor") - (o."paid_minor" - o."refunded_minor"),
  coalesce(o."actual_total_minor", o."total_minor") - (o."paid_minor" - o."refunded_minor"),
  '退款（减免单启用前记录）/ Refund recorded before credit notes'
FROM "orders" o
LEFT JOIN LATERAL (SELECT q."id" FROM "order_requests" q WHERE q."order_id" = o."id" AND q."kind" = 'return' AND q."status" = 'approved' ORDER BY q."id" DESC LIMIT 1) r ON true
WHERE o."status" <> 'cancel' AND o."refunded_minor" > 0
  AND o."paid_minor" >= coalesce(o."actual_total_minor", o."total_minor")
  AND o."paid_minor" - o."refunded_minor" < coalesce(o."actual_total_minor", o."total_minor");--> statement-breakpoint
UPDATE "orders" o SET "credited_minor" = c."amount"
FROM (SELECT "order_id", sum("amount_minor") AS "amount" FROM "order_credits" GROUP BY "order_id") c
WHERE c."order_id" = o."id";--> statement-breakpoint
-- Payment statuses as they are now computed (docs/orders.md, Money after the order).
UPDATE "orders" SET "payment_status" = CASE
  WHEN "paid_minor" - "refunded_minor" > owed THEN 'refund_due'
  WHEN owed <= 0 THEN CASE WHEN "paid_minor" > 0 THEN 'refunded' ELSE 'unpaid' END
  WHEN "paid_minor" - "refunded_minor" = owed THEN 'paid'
  WHEN "paid_minor" - "refunded_minor" > 0 THEN 'partially_paid'
  ELSE 'unpaid' END
FROM (SELECT "id" AS oid, CASE WHEN "status" = 'cancel' THEN 0 ELSE coalesce("actual_total_minor", "total_minor") - "credited_minor" END AS owed FROM "orders") m
WHERE m.oid = "orders"."id";