CREATE INDEX "comments_moderated_idx" ON "comments" USING btree ("post_id","parent_id") WHERE "comments"."moderation" <> 'visible';--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "moods_moderated_idx" ON "moods" USING btree ("id") WHERE "moods"."moderation" <> 'visible';--> statement-breakpoint
CREATE INDEX "posts_moderated_idx" ON "posts" USING btree ("topic_id") WHERE "posts"."moderation" <> 'visible';--> statement-breakpoint
CREATE INDEX "thoughts_moderated_idx" ON "thoughts" USING btree ("id") WHERE "thoughts"."moderation" <> 'visible';