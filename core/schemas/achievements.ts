/** Achievements (core/achievements.ts) and the monthly top supporters, as the API answers them (decision 024). */
import { z } from 'zod';
import { listOf } from './envelopes.ts';
import { publicUserSchema } from './users.ts';

export const earnedAchievementSchema = z.object({ id: z.number().int(), key: z.string(), name: z.string(), description: z.string() });
export const achievementSchema = earnedAchievementSchema.extend({
  earned_at: z.string().nullable(),
  progress: z.number().int(),
  goal: z.number().int(),
});
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>;
export type Achievement = z.infer<typeof achievementSchema>;

/** GET /api/get/achievements. */
export const achievementsResponseSchema = z.object({ achievements: z.array(achievementSchema) });
/** GET /api/users/{user_id}/achievements: what a person's card shows, without dates. */
export const earnedAchievementsResponseSchema = listOf(earnedAchievementSchema);

export const topSupporterSchema = z.object({ user: publicUserSchema, supports_count: z.number().int(), position: z.number().int() });
export type TopSupporter = z.infer<typeof topSupporterSchema>;
/**
 * GET /api/top-supporters. `month` is the month shown; `me` (an extra field) is the signed-in person's own place
 * that month, null when they gave no support then, opted out, or are signed out.
 */
export const topSupportersResponseSchema = z.object({
  data: z.array(topSupporterSchema),
  month: z.string(),
  me: z.object({ supports_count: z.number().int(), position: z.number().int() }).nullable(),
});
export type TopSupporters = z.infer<typeof topSupportersResponseSchema>;
export const monthsResponseSchema = listOf(z.string());
