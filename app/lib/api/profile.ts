/** Issue 16: one's own content lists, achievements, and the monthly top supporters (decision 024). */
import type {
  achievementsResponseSchema,
  earnedAchievementsResponseSchema,
  monthsResponseSchema,
  topSupportersResponseSchema,
} from '../../../core/schemas/achievements.ts';
import type { moodPageSchema } from '../../../core/schemas/moods.ts';
import type { postPageSchema } from '../../../core/schemas/posts.ts';
import type { thoughtPageSchema } from '../../../core/schemas/thoughts.ts';
import type { topicPageSchema } from '../../../core/schemas/topics.ts';
import type { Http } from './client.ts';

export function profileApi(http: Http) {
  return {
    ownPosts: (page = 1) => http.json<typeof postPageSchema>('GET', `/api/user-posts?page=${page}`),
    ownMoods: (page = 1) => http.json<typeof moodPageSchema>('GET', `/api/user/get/user-moods?page=${page}`),
    ownTopics: (page = 1) => http.json<typeof topicPageSchema>('GET', `/api/get/user-topics?page=${page}`),
    ownThoughts: (page = 1) => http.json<typeof thoughtPageSchema>('GET', `/api/user-thoughts?page=${page}`),
    favoritePosts: (page = 1) => http.json<typeof postPageSchema>('GET', `/api/favorites?page=${page}`),
    achievements: () => http.json<typeof achievementsResponseSchema>('GET', '/api/get/achievements'),
    personAchievements: (userId: number) => http.json<typeof earnedAchievementsResponseSchema>('GET', `/api/users/${userId}/achievements`),
    topSupporters: (month: string) =>
      http.json<typeof topSupportersResponseSchema>('GET', `/api/top-supporters?month=${encodeURIComponent(month)}`),
    supporterMonths: () => http.json<typeof monthsResponseSchema>('GET', '/api/get/months/has/data'),
  };
}
