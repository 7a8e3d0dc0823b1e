/**
 * schema.org DiscussionForumPosting of a post, from the post as the API answers it: GET /api/schema/post/{id}
 * builds it from the post it reads, the problem page's loader from the post it already has (one read and one
 * in-process call fewer per page). The same object either way: `keywords` is left out when the post has no tags, as
 * the JSON of the API left out its undefined value.
 */
import type { Post } from './types.ts';

type JsonLdPost = Pick<Post, 'content' | 'language' | 'created_at' | 'updated_at' | 'tags' | 'supports_count' | 'comments_count'> & {
  user: Pick<Post['user'], 'nickname'>;
};

/** `origin` is the configured public origin; `path` the post page's. */
export function postJsonLd(post: JsonLdPost, origin: string, path: string) {
  const keywords = post.tags.map((t) => t.name).join(', ');
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    '@id': `${origin}${path}`,
    url: `${origin}${path}`,
    headline: post.content.slice(0, 110),
    text: post.content,
    inLanguage: post.language,
    datePublished: post.created_at,
    dateModified: post.updated_at,
    author: { '@type': 'Person', name: post.user.nickname },
    ...(keywords ? { keywords } : {}),
    interactionStatistic: [
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: post.supports_count },
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: post.comments_count },
    ],
    commentCount: post.comments_count,
  };
}

/** The path of a post's page that its JSON-LD names (the English one, whatever page asks). */
export const postPagePath = (id: number) => `/problem/${id}`;
