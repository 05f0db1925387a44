CREATE TABLE "chat_read_cursors" (
	"gid" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"read_seq" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_read_cursors_gid_user_id_pk" PRIMARY KEY("gid","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_read_cursors" ADD CONSTRAINT "chat_read_cursors_gid_chat_conversations_gid_fk" FOREIGN KEY ("gid") REFERENCES "public"."chat_conversations"("gid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_cursors" ADD CONSTRAINT "chat_read_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;