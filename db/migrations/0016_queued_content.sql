-- The text an open entry was queued for. Entries opened before this migration get the text their item has now,
-- the best that is known of it.
ALTER TABLE "moderation_items" ADD COLUMN "content" text;--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "posts"."content" FROM "posts" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'post' AND "posts"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "moods"."content" FROM "moods" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'mood' AND "moods"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "comments"."content" FROM "comments" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'comment' AND "comments"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "thoughts"."content" FROM "thoughts" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'thought' AND "thoughts"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "topics"."title" || E'\n\n' || "topics"."description" FROM "topics" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'topic' AND "topics"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "messages"."content" FROM "messages" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'message' AND "messages"."id" = "moderation_items"."target_id";--> statement-breakpoint
UPDATE "moderation_items" SET "content" = "advices"."content" FROM "advices" WHERE "moderation_items"."status" = 'open' AND "moderation_items"."target" = 'advice' AND "advices"."id" = "moderation_items"."target_id";
