CREATE TABLE "chat_conversations" (
	"gid" uuid PRIMARY KEY NOT NULL,
	"buyer_id" bigint NOT NULL,
	"buyer_name" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"last_activity_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"gid" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "chat_members_gid_user_id_pk" PRIMARY KEY("gid","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"gid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"id" uuid NOT NULL,
	"sender_id" bigint,
	"sender_name" text NOT NULL,
	"kind" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image" text,
	"language" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_gid_seq_pk" PRIMARY KEY("gid","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_translations" (
	"gid" uuid NOT NULL,
	"seq" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_translations_gid_seq_language_pk" PRIMARY KEY("gid","seq","language")
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_gid_chat_conversations_gid_fk" FOREIGN KEY ("gid") REFERENCES "public"."chat_conversations"("gid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_gid_chat_conversations_gid_fk" FOREIGN KEY ("gid") REFERENCES "public"."chat_conversations"("gid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_translations" ADD CONSTRAINT "chat_translations_gid_seq_chat_messages_gid_seq_fk" FOREIGN KEY ("gid","seq") REFERENCES "public"."chat_messages"("gid","seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_buyer_key" ON "chat_conversations" USING btree ("buyer_id") WHERE "chat_conversations"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "chat_conversations_status_created_idx" ON "chat_conversations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_open_activity_idx" ON "chat_conversations" USING btree ("last_activity_at") WHERE "chat_conversations"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "chat_members_active_user_idx" ON "chat_members" USING btree ("user_id") WHERE "chat_members"."left_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_gid_id_key" ON "chat_messages" USING btree ("gid","id");