CREATE TABLE "achievement_counters" (
	"user_id" integer NOT NULL,
	"counter" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "achievement_counters_user_id_counter_pk" PRIMARY KEY("user_id","counter")
);
--> statement-breakpoint
CREATE TABLE "helped_people" (
	"user_id" integer NOT NULL,
	"helped_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helped_people_user_id_helped_id_pk" PRIMARY KEY("user_id","helped_id")
);
--> statement-breakpoint
CREATE TABLE "monthly_supports" (
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monthly_supports_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" integer NOT NULL,
	"achievement" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_pk" PRIMARY KEY("user_id","achievement")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_in_top_supporters" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "achievement_counters" ADD CONSTRAINT "achievement_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helped_people" ADD CONSTRAINT "helped_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helped_people" ADD CONSTRAINT "helped_people_helped_id_users_id_fk" FOREIGN KEY ("helped_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_supports" ADD CONSTRAINT "monthly_supports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_supports_rank_idx" ON "monthly_supports" USING btree ("month","n" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "topics_user_idx" ON "topics" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Backfill (decision 024): the counters, the people helped, the monthly supports and the achievements already
-- earned by what people did before this migration. Supports and comments on one's own posts help nobody.
INSERT INTO "helped_people" ("user_id", "helped_id")
SELECT DISTINCT h.user_id, h.helped_id FROM (
	SELECT s.user_id, p.user_id AS helped_id FROM "supports" s JOIN "posts" p ON p.id = s.post_id
	UNION ALL SELECT c.user_id, p.user_id FROM "comments" c JOIN "posts" p ON p.id = c.post_id
	UNION ALL SELECT a.sender_id, a.recipient_id FROM "advices" a
) h WHERE h.user_id <> h.helped_id;--> statement-breakpoint
INSERT INTO "achievement_counters" ("user_id", "counter", "n")
SELECT user_id, counter, n FROM (
	SELECT s.user_id, 'supports_given' AS counter, count(*)::int AS n FROM "supports" s JOIN "posts" p ON p.id = s.post_id WHERE p.user_id <> s.user_id GROUP BY s.user_id
	UNION ALL SELECT user_id, 'comments', count(*)::int FROM "comments" GROUP BY user_id
	UNION ALL SELECT sender_id, 'advices', count(*)::int FROM "advices" GROUP BY sender_id
	UNION ALL SELECT c.user_id, 'first_answers', count(*)::int FROM "comments" c JOIN "posts" p ON p.id = c.post_id
		WHERE c.user_id <> p.user_id AND NOT EXISTS (
			SELECT 1 FROM "comments" e WHERE e.post_id = c.post_id AND e.user_id <> p.user_id AND e.id < c.id)
		GROUP BY c.user_id
	UNION ALL SELECT user_id, 'helped', count(*)::int FROM "helped_people" GROUP BY user_id
	UNION ALL SELECT user_id, 'posts', count(*)::int FROM "posts" GROUP BY user_id
	UNION ALL SELECT user_id, 'moods', count(*)::int FROM "moods" GROUP BY user_id
	UNION ALL SELECT user_id, 'topics', count(*)::int FROM "topics" GROUP BY user_id
	UNION ALL SELECT user_id, 'thoughts', count(*)::int FROM "thoughts" GROUP BY user_id
) c WHERE n > 0;--> statement-breakpoint
-- The goals of core/achievements.ts ACHIEVEMENTS as they stand at this migration.
INSERT INTO "user_achievements" ("user_id", "achievement")
SELECT c.user_id, g.achievement FROM "achievement_counters" c JOIN (VALUES
	('first_support', 'supports_given', 1), ('supports_10', 'supports_given', 10), ('supports_100', 'supports_given', 100),
	('first_comment', 'comments', 1), ('first_advice', 'advices', 1), ('advices_10', 'advices', 10),
	('first_answer', 'first_answers', 1), ('answers_10', 'first_answers', 10), ('helped_5', 'helped', 5), ('helped_25', 'helped', 25),
	('first_post', 'posts', 1), ('first_mood', 'moods', 1), ('first_topic', 'topics', 1), ('first_thought', 'thoughts', 1)
) AS g (achievement, counter, goal) ON g.counter = c.counter AND c.n >= g.goal;--> statement-breakpoint
INSERT INTO "monthly_supports" ("user_id", "month", "n")
SELECT s.user_id, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::int
FROM "supports" s JOIN "posts" p ON p.id = s.post_id WHERE p.user_id <> s.user_id
GROUP BY 1, 2;
