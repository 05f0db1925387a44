-- The unpaid-order follow-up (docs/orders.md, Unpaid orders): when the buyer was reminded, once per order.
ALTER TABLE "orders" ADD COLUMN "unpaid_reminded_at" timestamp with time zone;