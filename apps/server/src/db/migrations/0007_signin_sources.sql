CREATE TABLE "signin_sources" (
	"user_id" bigint NOT NULL,
	"source_hash" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signin_sources_user_id_source_hash_pk" PRIMARY KEY("user_id","source_hash")
);
--> statement-breakpoint
ALTER TABLE "signin_sources" ADD CONSTRAINT "signin_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signin_sources_last_success_idx" ON "signin_sources" USING btree ("last_success_at");