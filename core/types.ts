/** Shapes of the API objects (API.md "Objects"), shared by the server's serializers and the web app's client. */
import type { Theme, ThoughtReaction } from './limits.ts';

export interface Avatar {
  id: number;
  url: string;
}

export interface Rank {
  id: number;
  name: string;
  level: number;
}

export interface PublicUser {
  id: number;
  nickname: string;
  avatar: Avatar | null;
  rank: Rank;
}

export interface NotificationSettings {
  support: boolean;
  advice: boolean;
  message: boolean;
}

export interface User extends PublicUser {
  username: string;
  email: string | null;
  locale: string;
  theme: Theme;
  content_languages: string[];
  auto_detect_languages: boolean;
  notification_settings: NotificationSettings;
  has_password: boolean;
  points: number;
  created_at: string;
}

export interface LanguageInfo {
  code: string;
  name: string;
  native_name: string;
  dir: 'ltr' | 'rtl';
  tag: string;
  domain: string;
}

export interface Paged<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { next: string | null; prev: string | null };
}

export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface AuthResponse {
  token: string;
  data: User;
}

export interface Feeling {
  id: number;
  name: string;
  emoji: string;
  type: 'post' | 'mood';
}

export interface PollOption {
  id: number;
  text: string;
  votes_count: number;
}

export interface Poll {
  id: number;
  question: string | null;
  options: PollOption[];
  votes_count: number;
  my_vote_option_id: number | null;
}

export interface Tag {
  id: number;
  name: string;
}

export interface Post {
  id: number;
  slug: string;
  content: string;
  language: string;
  feeling: Feeling | null;
  topic_id: number | null;
  tags: Tag[];
  poll: Poll | null;
  user: PublicUser;
  supports_count: number;
  comments_count: number;
  is_supported: boolean;
  is_favorited: boolean;
  is_hidden: boolean;
  is_mine: boolean;
  share_disabled: boolean;
  advice_disabled: boolean;
  notifications_disabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface Mood {
  id: number;
  content: string;
  language: string;
  feeling: Feeling | null;
  poll: Poll | null;
  user: PublicUser;
  interactions: Record<string, number>;
  my_interaction: string | null;
  is_hidden: boolean;
  is_mine: boolean;
  created_at: string;
  updated_at: string;
}

export interface Comment {
  id: number;
  post_id: number;
  parent_id: number | null;
  content: string;
  user: PublicUser;
  votes_score: number;
  my_vote: -1 | 0 | 1;
  replies_count: number;
  replies: Comment[];
  is_mine: boolean;
  created_at: string;
}

export interface Topic {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: { id: number; name: string };
  cover: { id: number; url: string };
  user: PublicUser;
  posts_count: number;
  created_at: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
}

export interface Thought {
  id: number;
  slug: string;
  content: string;
  language: string;
  user: PublicUser;
  reactions: Record<ThoughtReaction, number>;
  my_reaction: ThoughtReaction | null;
  is_mine: boolean;
  created_at: string;
}
