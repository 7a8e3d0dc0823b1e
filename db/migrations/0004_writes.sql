CREATE TABLE "writes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"topic_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "nickname_suggestions" CASCADE;--> statement-breakpoint
ALTER TABLE "writes" ADD CONSTRAINT "writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "writes_user_kind_idx" ON "writes" USING btree ("user_id","kind","created_at");--> statement-breakpoint
-- What was written within the longest window counts from the start, so an upgrade opens no slots.
INSERT INTO "writes" ("user_id", "kind", "topic_id", "created_at")
  SELECT "user_id", 'post', "topic_id", "created_at" FROM "posts" WHERE "created_at" > now() - interval '1 day'
  UNION ALL SELECT "user_id", 'mood', NULL, "created_at" FROM "moods" WHERE "created_at" > now() - interval '1 day'
  UNION ALL SELECT "user_id", 'topic', NULL, "created_at" FROM "topics" WHERE "created_at" > now() - interval '1 day'
  UNION ALL SELECT "user_id", 'thought', NULL, "created_at" FROM "thoughts" WHERE "created_at" > now() - interval '1 day'
  UNION ALL SELECT "user_id", 'comment', NULL, "created_at" FROM "comments" WHERE "created_at" > now() - interval '1 day';
