/** The user objects (API.md "Objects"): the public author, the signed-in user, sign-in answers and the rank ladder. */
import { z } from 'zod';
import { THEMES } from '../limits.ts';
import { dataOf, listOf } from './envelopes.ts';

export const avatarSchema = z.object({ id: z.number().int(), url: z.string() });
export const rankSchema = z.object({ id: z.number().int(), name: z.string(), level: z.number().int() });

export const publicUserSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: avatarSchema.nullable(),
  rank: rankSchema,
});

export const notificationSettingsSchema = z.object({ support: z.boolean(), advice: z.boolean(), message: z.boolean() });

export const userSchema = publicUserSchema.extend({
  username: z.string(),
  email: z.string().nullable(),
  locale: z.string(),
  theme: z.enum(THEMES),
  content_languages: z.array(z.string()),
  auto_detect_languages: z.boolean(),
  notification_settings: notificationSettingsSchema,
  has_password: z.boolean(),
  /** A moderator or an admin: the web app shows them the way to /moderation (the API decides on every call). */
  is_moderator: z.boolean(),
  points: z.number().int(),
  created_at: z.string(),
  /** Whether the person appears in the public top-supporters ranking (decision 024). */
  show_in_top_supporters: z.boolean(),
});

/** guest-login and login. */
export const authResponseSchema = z.object({ token: z.string(), data: userSchema });
export const userResponseSchema = dataOf(userSchema);
/** PUT /api/users/{id} answers `{user}`, not `{data}` (API.md). */
export const userUpdateResponseSchema = z.object({ user: userSchema });
export const notificationSettingsResponseSchema = z.object({ notification_settings: notificationSettingsSchema });

/** Avatars to choose from: unlike an author's avatar, their ids are not marked as integers in the contract. */
export const avatarListSchema = listOf(z.object({ id: z.number(), url: z.string() }));
export const nicknameSuggestionsSchema = listOf(z.object({ id: z.number(), nickname: z.string() }));

/** GET /api/get/user/rank: one step of the ladder. */
export const rankStepSchema = z.object({
  id: z.number(),
  name: z.string(),
  level: z.number(),
  min_points: z.number(),
  is_current: z.boolean(),
});
export const rankLadderSchema = z.object({ user_rank: z.array(rankStepSchema) });
