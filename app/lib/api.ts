/** The one typed client of the HTTP API, used by loaders (in-process on the server) and by components. */
import { APP_VERSION, type Theme } from '../../core/limits.ts';
import type {
  ApiErrorBody,
  AuthResponse,
  Avatar,
  Category,
  Comment,
  Feeling,
  LanguageInfo,
  Mood,
  NotificationSettings,
  Paged,
  Poll,
  Post,
  PublicUser,
  Tag,
  Thought,
  Topic,
  User,
} from '../../core/types.ts';
import type { ApiFetch } from './context.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** POST /api/create-qr: the code a signed-out device shows (valid 2 minutes). */
export interface QrCode {
  qrToken: string;
  qrImage: string;
  expires_at: string;
}

/** POST /api/check-session: the approved session is handed out once. */
export type QrSession = { status: 'pending' } | { status: 'expired' } | ({ status: 'approved' } & AuthResponse);

/** PUT /api/users/{id}: any of these fields. */
export interface AccountUpdate {
  avatar_id?: number;
  nickname_id?: number;
  nickname?: string;
  locale?: string;
  theme?: Theme;
}

/** GET /api/get/user/rank: one step of the ladder. */
export interface RankStep {
  id: number;
  name: string;
  level: number;
  min_points: number;
  is_current: boolean;
}

/** The content languages a user reads (empty: all) and whether their own texts are language-detected. */
export interface ContentLanguages {
  data: string[];
  auto_detect: boolean;
}

export type NoteCheck = { isAllowed: true } | { isAllowed: false; limit?: true; time?: true; retry_at: string };

export interface NewText {
  content: string;
  feeling_id?: number;
  poll?: { question?: string; options: string[] };
}

/** POST /api/posts and /api/user/store/moods: where the text landed. */
export interface Created {
  message: string;
  placed_as?: 'mood' | 'post';
  notice?: string;
  data: Post | Mood;
}

export interface MoodReactions {
  interactions: Record<string, number>;
  my_interaction: string | null;
}

export type ReportTarget = 'post' | 'mood' | 'comment';
const REPORT_PATHS: Record<ReportTarget, string> = {
  post: '/api/reports',
  mood: '/api/user/store/report/mood',
  comment: '/api/report-comment',
};

export interface ApiOptions {
  locale: string;
  csrfToken?: string | null;
}

export function createApi(fetcher: ApiFetch, options: ApiOptions) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Locale': options.locale,
      'X-App-Version': APP_VERSION,
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.csrfToken && method !== 'GET') headers['X-CSRF-Token'] = options.csrfToken;
    const res = await fetcher(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json().catch(() => ({ message: res.statusText }))) as unknown;
    if (!res.ok) throw new ApiError(res.status, json as ApiErrorBody);
    return json as T;
  }

  return {
    guestLogin: () => call<AuthResponse>('POST', '/api/guest-login', {}),
    login: (username: string, password: string) => call<AuthResponse>('POST', '/api/login', { username, password }),
    createQr: () => call<QrCode>('POST', '/api/create-qr'),
    approveQr: (qrToken: string) => call<{ message: string }>('POST', '/api/qr-token', { qr_token: qrToken }),
    checkQrSession: (qrToken: string) => call<QrSession>('POST', '/api/check-session', { qr_token: qrToken }),
    logout: () => call<void>('POST', '/api/logout'),
    currentUser: () => call<{ data: User }>('GET', '/api/get/data/user'),
    updateUser: (id: number, payload: Partial<Pick<User, 'locale' | 'theme' | 'nickname'>>) =>
      call<{ user: User }>('PUT', `/api/users/${id}`, payload),
    languages: () => call<{ data: LanguageInfo[] }>('GET', '/api/get/languages'),
    posts: <T>(page = 1) => call<Paged<T>>('GET', `/api/posts?page=${page}`),
    // The frame's screens (issue 3): account pages, languages, and the minimal post, mood and tag pages.
    avatars: () => call<{ data: Avatar[] }>('GET', '/api/get-avatars'),
    nicknameSuggestions: () => call<{ data: { id: number; nickname: string }[] }>('GET', '/api/nicknames'),
    updateAccount: (id: number, payload: AccountUpdate) => call<{ user: User }>('PUT', `/api/users/${id}`, payload),
    rankLadder: () => call<{ user_rank: RankStep[] }>('GET', '/api/get/user/rank'),
    contentLanguages: () => call<ContentLanguages>('GET', '/api/get/languages/custom'),
    storeContentLanguages: (languages: string[]) => call<ContentLanguages>('POST', '/api/store/custom/languages', { languages }),
    toggleAutoDetectLanguages: () => call<ContentLanguages>('POST', '/api/toggle/auto/detect/languages'),
    toggleNotification: (kind: 'support' | 'advice' | 'message') =>
      call<{ notification_settings: NotificationSettings }>('POST', `/api/disable-${kind}-notification`),
    deactivate: (password?: string) => call<void>('POST', '/api/deactivate', password ? { password } : {}),
    moodList: (page = 1) => call<Paged<Mood>>('GET', `/api/user/get/moods?page=${page}`),
    post: (id: number) => call<{ data: Post }>('GET', `/api/posts/${id}`),
    postComments: (postId: number, page = 1) => call<Paged<Comment>>('GET', `/api/post-comments?post_id=${postId}&page=${page}`),
    checkTagUrl: (id: number) => call<{ exists: boolean }>('GET', `/api/check-tag-url?id=${id}`),
    tag: (id: number) => call<{ data: Tag & { posts_count: number } }>('GET', `/api/tags/${id}`),
    tagPosts: (id: number, page = 1) => call<Paged<Post>>('GET', `/api/tags/${id}/posts?page=${page}`),
    postsByKeyword: (keyword: string, page = 1) =>
      call<Paged<Post>>('GET', `/api/posts-by-keyword?keyword=${encodeURIComponent(keyword)}&page=${page}`),
    // The core loop (issue 4): writing, reactions, polls, comments and reports.
    feelings: (type: 'post' | 'mood') => call<{ data: Feeling[] }>('GET', `/api/feelings?type=${type}`),
    checkNewNote: (topicId?: number) =>
      call<NoteCheck>('GET', topicId ? `/api/check-new-note?type=topic&topic_id=${topicId}` : '/api/check-new-note?type=post'),
    createPost: (body: NewText & { topic_id?: number }) => call<Created>('POST', '/api/posts', body),
    createMood: (body: NewText) => call<Created>('POST', '/api/user/store/moods', body),
    updatePost: (id: number, body: { content: string; feeling_id?: number }) =>
      call<{ message: string; data: Post }>('PUT', `/api/posts/${id}`, body),
    deletePost: (id: number) => call<{ message: string; description: string }>('DELETE', `/api/posts/${id}`),
    updateMood: (id: number, body: { content: string; feeling_id: number }) =>
      call<{ message: string; data: Mood }>('POST', `/api/user/update/mood/${id}`, body),
    deleteMood: (id: number) => call<{ message: string }>('DELETE', `/api/user/delete/mood/${id}`),
    trendingPosts: () => call<{ data: Post[] }>('GET', '/api/trendingPosts'),
    relatedPosts: (postId: number) => call<{ data: Post[] }>('GET', `/api/relatedPosts?post_id=${postId}`),
    postJsonLd: (id: number) => call<Record<string, unknown>>('GET', `/api/schema/post/${id}`),
    checkProblemUrl: (id: number) => call<{ exists: boolean }>('GET', `/api/check-problem-url?id=${id}`),
    support: (postId: number, on: boolean) =>
      call<{ supports_count: number; is_supported: boolean }>('POST', on ? '/api/supports' : '/api/unsupport', { post_id: postId }),
    favorite: (postId: number) => call<{ is_favorited: boolean }>('POST', '/api/favorites', { post_id: postId }),
    hidePost: (postId: number, hidden: boolean) =>
      hidden
        ? call<{ is_hidden: boolean }>('POST', '/api/hides', { post_id: postId })
        : call<{ is_hidden: boolean }>('DELETE', `/api/hides/${postId}`),
    postSwitch: (postId: number, which: 'disable-share' | 'disable-advice' | 'disable-post-notification') =>
      call<Record<string, boolean>>('POST', `/api/${which}`, { post_id: postId }),
    hideMood: (moodId: number, hidden: boolean) =>
      call<{ is_hidden: boolean }>('POST', hidden ? '/api/user/hide/mood' : '/api/user/unhide/mood', { mood_id: moodId }),
    interact: (moodId: number, type: string | null) =>
      type
        ? call<MoodReactions>('POST', '/api/interactions', { mood_id: moodId, type })
        : call<MoodReactions>('POST', '/api/delete-interaction', { mood_id: moodId }),
    vote: (optionId: number) => call<{ data: Poll }>('POST', '/api/user/update/vote', { poll_option_id: optionId }),
    removeVote: (pollId: number) => call<{ data: Poll }>('POST', '/api/user/remove/vote', { poll_id: pollId }),
    commentReplies: (commentId: number, page = 1) => call<Paged<Comment>>('GET', `/api/comments/${commentId}/replies?page=${page}`),
    addComment: (postId: number, content: string) => call<{ data: Comment }>('POST', '/api/comments', { post_id: postId, content }),
    replyTo: (commentId: number, content: string) =>
      call<{ data: Comment }>('POST', '/api/comment-reply', { comment_id: commentId, content }),
    updateComment: (id: number, content: string) => call<{ data: Comment }>('PUT', `/api/comments/${id}`, { content }),
    deleteComment: (id: number) => call<void>('DELETE', `/api/comments/${id}`),
    voteComment: (id: number, vote: -1 | 0 | 1) =>
      call<{ votes_score: number; my_vote: -1 | 0 | 1 }>('POST', '/api/comment-vote', { comment_id: id, vote }),
    // Topics and thoughts (issue 5).
    topics: (page = 1, categoryId?: number) =>
      call<Paged<Topic>>('GET', `/api/topics?page=${page}${categoryId ? `&category_id=${categoryId}` : ''}`),
    topic: (id: number) => call<{ data: Topic }>('GET', `/api/topics/${id}`),
    createTopic: (body: { title: string; description: string; category_id: number; cover_id: number }) =>
      call<{ message: string; data: Topic }>('POST', '/api/topics', body),
    trendingTopics: () => call<{ data: Topic[] }>('GET', '/api/topics/trending'),
    latestTopics: () => call<{ data: Topic[] }>('GET', '/api/topics/latest'),
    relatedTopics: (topicId: number) => call<{ data: Topic[] }>('GET', `/api/relatedTopics?topic_id=${topicId}`),
    categories: () => call<{ data: Category[] }>('GET', '/api/categories'),
    topicCovers: () => call<{ data: { id: number; url: string }[] }>('GET', '/api/topic-covers'),
    topicPosts: (topicId: number, page = 1) => call<Paged<Post>>('GET', `/api/posts?topic_id=${topicId}&page=${page}`),
    topicJsonLd: (id: number) => call<Record<string, unknown>>('GET', `/api/schema/topic/${id}`),
    thoughts: (page = 1) => call<Paged<Thought>>('GET', `/api/thoughts?page=${page}`),
    thought: (id: number) => call<{ data: Thought }>('GET', `/api/thoughts/${id}`),
    createThought: (content: string) => call<{ data: Thought }>('POST', '/api/thoughts', { content }),
    updateThought: (id: number, content: string) => call<{ data: Thought }>('PUT', `/api/thoughts/${id}`, { content }),
    deleteThought: (id: number) => call<void>('DELETE', `/api/thoughts/${id}`),
    reactToThought: (id: number, type: string) =>
      call<{ reactions: Record<string, number>; my_reaction: string | null }>('POST', '/api/thoughts-reaction', { thought_id: id, type }),
    popularThoughts: () => call<{ data: Thought[] }>('GET', '/api/thoughts/popular'),
    topContributors: () => call<{ data: { user: PublicUser; thoughts_count: number }[] }>('GET', '/api/thoughts/top/contributers'),
    relatedThoughts: (id: number) => call<{ data: Thought[] }>('GET', `/api/relatedThoughts?thought_id=${id}`),
    checkThoughtUrl: (id: number) => call<{ exists: boolean }>('GET', `/api/check-thought-url?id=${id}`),
    thoughtJsonLd: (id: number) => call<Record<string, unknown>>('GET', `/api/schema/thought/${id}`),
    reportTypes: () => call<{ data: { id: number; name: string }[] }>('GET', '/api/report-types'),
    report: (target: ReportTarget, id: number, reportTypeId: number, note?: string) =>
      call<{ message: string; description: string }>('POST', REPORT_PATHS[target], {
        [`${target}_id`]: id,
        report_type_id: reportTypeId,
        ...(note ? { note } : {}),
      }),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The browser's fetch, bound so it can be passed around. */
export const browserFetch: ApiFetch = (path, init) => fetch(path, init);
