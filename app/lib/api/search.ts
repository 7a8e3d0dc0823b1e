/** Search across posts, moods, topics, thoughts and tags, and the signed-in person's recent searches. */
import type { RecentSearch, recentSearchListSchema, SearchType, searchPageSchema } from '../../../core/schemas/search.ts';
import type { Http } from './client.ts';

export function searchApi(http: Http) {
  return {
    search: (q: string, type: SearchType = 'all', page = 1) =>
      http.json<typeof searchPageSchema>('GET', `/api/search?${new URLSearchParams({ q, type, page: String(page) })}`),
    recentSearches: () => http.json<typeof recentSearchListSchema>('GET', '/api/recent-search'),
    removeRecentSearch: (id: RecentSearch['id']) => http.empty('DELETE', `/api/recent-search/${id}`),
    clearRecentSearches: () => http.empty('DELETE', '/api/recent-search'),
  };
}
