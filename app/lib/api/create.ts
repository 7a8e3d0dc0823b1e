/**
 * The API client composed of the per-resource modules. The server's loaders call it in-process; in the browser it
 * arrives with the first call (app/lib/browser-api.ts), so its some twenty modules are not first-load JavaScript.
 */

import type { ApiFetch } from '../context.ts';
import { advicesApi } from './advices.ts';
import { authApi } from './auth.ts';
import { blocksApi } from './blocks.ts';
import { type ApiOptions, createHttp } from './client.ts';
import { commentsApi } from './comments.ts';
import { languagesApi } from './languages.ts';
import { messagesApi } from './messages.ts';
import { moderationApi } from './moderation.ts';
import { moodsApi } from './moods.ts';
import { notificationsApi } from './notifications.ts';
import { pollsApi } from './polls.ts';
import { postsApi } from './posts.ts';
import { profileApi } from './profile.ts';
import { pushApi } from './push.ts';
import { reportsApi } from './reports.ts';
import { searchApi } from './search.ts';
import { tagsApi } from './tags.ts';
import { thoughtsApi } from './thoughts.ts';
import { topicsApi } from './topics.ts';
import { usersApi } from './users.ts';

export function createApi(fetcher: ApiFetch, options: ApiOptions) {
  const http = createHttp(fetcher, options);
  return {
    ...authApi(http),
    ...usersApi(http),
    ...languagesApi(http),
    ...postsApi(http),
    ...moodsApi(http),
    ...pollsApi(http),
    ...tagsApi(http),
    ...commentsApi(http),
    ...topicsApi(http),
    ...thoughtsApi(http),
    ...reportsApi(http),
    ...messagesApi(http),
    ...blocksApi(http),
    ...advicesApi(http),
    ...moderationApi(http),
    ...notificationsApi(http),
    ...profileApi(http),
    ...pushApi(http),
    ...searchApi(http),
  };
}

export type Api = ReturnType<typeof createApi>;
