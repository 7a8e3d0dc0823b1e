ALTER TABLE "advices" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_moderated_idx" ON "messages" USING btree ("conversation_id","id") WHERE moderation <> 'visible';