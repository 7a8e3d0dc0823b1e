ALTER TABLE "moderation_items" ADD COLUMN "new_account_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "from_new_account" boolean DEFAULT false NOT NULL;