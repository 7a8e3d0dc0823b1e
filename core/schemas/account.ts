/** The person's own data (GET /api/export): the account and every list of what they wrote and did. */
import { z } from 'zod';
import { notificationKindsSchema } from './notifications.ts';
import { quietHoursSchema } from './push.ts';
import { userSchema } from './users.ts';

const when = z.string().nullable();
const poll = z
  .object({
    question: z.string().nullable(),
    votes_count: z.number().int(),
    options: z.array(z.object({ id: z.number().int(), text: z.string(), votes_count: z.number().int() })),
  })
  .nullable();
const onPost = z.object({ post_id: z.number().int(), created_at: when });

export const exportSchema = z.object({
  exported_at: z.string(),
  account: userSchema,
  /** Every kind of notification, on or off. */
  notification_kinds: notificationKindsSchema.shape.kinds,
  quiet_hours: quietHoursSchema.nullable(),
  posts: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      language: z.string(),
      feeling: z.string().nullable(),
      topic_id: z.number().int().nullable(),
      tags: z.array(z.string()),
      poll,
      supports_count: z.number().int(),
      comments_count: z.number().int(),
      share_disabled: z.boolean(),
      advice_disabled: z.boolean(),
      notifications_disabled: z.boolean(),
      created_at: when,
      updated_at: when,
    }),
  ),
  moods: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      language: z.string(),
      feeling: z.string().nullable(),
      poll,
      interactions: z.record(z.string(), z.number().int()),
      created_at: when,
      updated_at: when,
    }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      post_id: z.number().int(),
      parent_id: z.number().int().nullable(),
      content: z.string(),
      language: z.string(),
      votes_score: z.number().int(),
      created_at: when,
      updated_at: when,
    }),
  ),
  thoughts: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      language: z.string(),
      reactions: z.record(z.string(), z.number().int()),
      created_at: when,
      updated_at: when,
    }),
  ),
  topics: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      language: z.string(),
      category: z.string(),
      posts_count: z.number().int(),
      created_at: when,
    }),
  ),
  poll_votes: z.array(z.object({ poll_id: z.number().int(), option_id: z.number().int(), option: z.string(), created_at: when })),
  supports: z.array(onPost),
  favorites: z.array(onPost),
  hidden_posts: z.array(onPost),
  hidden_moods: z.array(z.object({ mood_id: z.number().int(), created_at: when })),
  mood_interactions: z.array(z.object({ mood_id: z.number().int(), type: z.string(), created_at: when })),
  thought_reactions: z.array(z.object({ thought_id: z.number().int(), type: z.string(), created_at: when })),
  comment_votes: z.array(z.object({ comment_id: z.number().int(), vote: z.number().int() })),
  reports: z.array(
    z.object({ target: z.string(), target_id: z.number().int(), reason: z.string(), note: z.string().nullable(), created_at: when }),
  ),
  /**
   * Messages the person sent and received, by conversation, oldest first. The other person is not named (no user
   * id or nickname): `direction` says who wrote it. Received messages moderation keeps from the person are left out.
   */
  messages: z.array(
    z.object({
      id: z.number().int(),
      conversation_id: z.number().int(),
      direction: z.enum(['sent', 'received']),
      content: z.string(),
      created_at: when,
      seen_at: when.nullable(),
    }),
  ),
  /** Advice the person sent (on others' posts) and received (on their own posts); senders are not named. */
  advice: z.array(
    z.object({
      id: z.number().int(),
      post_id: z.number().int(),
      direction: z.enum(['sent', 'received']),
      content: z.string(),
      created_at: when,
    }),
  ),
  /** The person's recent searches (the words they searched for), the oldest kept first. */
  recent_searches: z.array(z.object({ query: z.string(), created_at: when })),
  /** The person's notifications, oldest first, without their sentences (those name the people who acted). */
  notifications: z.array(
    z.object({
      type: z.string(),
      item_kind: z.string().nullable(),
      item_id: z.number().int().nullable(),
      url: z.string(),
      people_count: z.number().int(),
      seen: z.boolean(),
      created_at: when,
      updated_at: when,
    }),
  ),
  achievements: z.array(z.object({ achievement: z.string(), earned_at: when })),
  /** The browsers that receive the person's pushes (their keys stay out). */
  push_subscriptions: z.array(z.object({ endpoint: z.string(), created_at: when })),
});

export type AccountExport = z.infer<typeof exportSchema>;
