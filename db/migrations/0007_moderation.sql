CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_log_id_unique" UNIQUE("log_id")
);
--> statement-breakpoint
CREATE TABLE "care_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"crisis" boolean DEFAULT false NOT NULL,
	"appeal" boolean DEFAULT false NOT NULL,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"moderator_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "moods" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "thoughts" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_log_id_moderation_log_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."moderation_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_notices" ADD CONSTRAINT "care_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_notices_user_idx" ON "care_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_open_idx" ON "moderation_items" USING btree ("target","target_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("status","crisis","reports_count","created_at");--> statement-breakpoint
CREATE INDEX "moderation_log_author_idx" ON "moderation_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_log_target_idx" ON "moderation_log" USING btree ("target","target_id");