-- pg_trgm (typo-tolerant fallback of search) is in PGlite's contrib, loaded by db/client.ts; trusted on PostgreSQL 13+.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "mood_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_text, ' '))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_text, ' '))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thought_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_text, ' '))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(search_text, ' '))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mood_search" ADD CONSTRAINT "mood_search_id_moods_id_fk" FOREIGN KEY ("id") REFERENCES "public"."moods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_search" ADD CONSTRAINT "post_search_id_posts_id_fk" FOREIGN KEY ("id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_search" ADD CONSTRAINT "thought_search_id_thoughts_id_fk" FOREIGN KEY ("id") REFERENCES "public"."thoughts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_search" ADD CONSTRAINT "topic_search_id_topics_id_fk" FOREIGN KEY ("id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mood_search_idx" ON "mood_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "mood_search_trgm_idx" ON "mood_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "post_search_idx" ON "post_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "post_search_trgm_idx" ON "post_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_user_query_idx" ON "recent_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "recent_searches_user_idx" ON "recent_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "thought_search_idx" ON "thought_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "thought_search_trgm_idx" ON "thought_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topic_search_idx" ON "topic_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "topic_search_trgm_idx" ON "topic_search" USING gin ("search_text" gin_trgm_ops);