-- Outbox rows are claimed one by one (claimed_by, claimed_until) instead of one worker lease.
-- Dropping the lease table stops an instance of the previous version from delivering during a
-- rolling deploy (its lease query fails), rather than sending rows it has not claimed.
DROP TABLE "outbox_lease" CASCADE;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;