-- Comments and topics carry the language they are written in, like posts, moods and thoughts.
-- Existing rows cannot be run through the detector (franc-min, server/lib/language.ts) from SQL, so they take their
-- author's interface language: that is what languageOfText itself answers when the text is too short, the detector
-- is unsure or the author turned detection off, so a backfilled row reads as a new one would in those cases. 'en'
-- would be wrong for every non-English author, and the post's (or page's) language would repeat the very mistake
-- this fixes (an Arabic comment on a Japanese post). Saving a comment again detects its language.
ALTER TABLE "comments" ADD COLUMN "language" text;--> statement-breakpoint
UPDATE "comments" SET "language" = "users"."locale" FROM "users" WHERE "users"."id" = "comments"."user_id";--> statement-breakpoint
UPDATE "comments" SET "language" = 'en' WHERE "language" IS NULL;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "language" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "language" text;--> statement-breakpoint
UPDATE "topics" SET "language" = "users"."locale" FROM "users" WHERE "users"."id" = "topics"."user_id";--> statement-breakpoint
UPDATE "topics" SET "language" = 'en' WHERE "language" IS NULL;--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "language" SET NOT NULL;
