/**
 * The one client of the HTTP API, used by loaders (in-process on the server) and by components: one object
 * composed of the per-resource modules in `api/`, each typed by the server's response schemas (core/schemas).
 */

import { advicesApi } from './api/advices.ts';
import { authApi } from './api/auth.ts';
import { blocksApi } from './api/blocks.ts';
import { type ApiOptions, createHttp } from './api/client.ts';
import { commentsApi } from './api/comments.ts';
import { languagesApi } from './api/languages.ts';
import { messagesApi } from './api/messages.ts';
import { moderationApi } from './api/moderation.ts';
import { moodsApi } from './api/moods.ts';
import { notificationsApi } from './api/notifications.ts';
import { pollsApi } from './api/polls.ts';
import { postsApi } from './api/posts.ts';
import { profileApi } from './api/profile.ts';
import { pushApi } from './api/push.ts';
import { reportsApi } from './api/reports.ts';
import { searchApi } from './api/search.ts';
import { tagsApi } from './api/tags.ts';
import { thoughtsApi } from './api/thoughts.ts';
import { topicsApi } from './api/topics.ts';
import { usersApi } from './api/users.ts';
import type { ApiFetch } from './context.ts';

export type { ContentLanguages, Created, NoteCheck, QrCode, QrSession } from '../../core/types.ts';
export { ApiError, type ApiOptions, browserFetch } from './api/client.ts';
export type { ReportTarget } from './api/reports.ts';

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
