-- The post's language and creation time beside each tag, filled from the posts before they become required.
ALTER TABLE "post_tags" ADD COLUMN "post_language" text;--> statement-breakpoint
ALTER TABLE "post_tags" ADD COLUMN "post_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "post_tags" SET "post_language" = "posts"."language", "post_created_at" = "posts"."created_at" FROM "posts" WHERE "posts"."id" = "post_tags"."post_id";--> statement-breakpoint
ALTER TABLE "post_tags" ALTER COLUMN "post_language" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_tags" ALTER COLUMN "post_created_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "post_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "post_tags_tag_feed_idx" ON "post_tags" USING btree ("tag_id","post_language","post_created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_language_feeling_feed_idx" ON "posts" USING btree ("language","feeling_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
