import { FormattedMessage, FormattedRelativeTime } from 'react-intl';
import type { Post } from '../../core/types.ts';

function secondsSince(iso: string): number {
  return Math.round((new Date(iso).getTime() - Date.now()) / 1000);
}

export function PostCard({ post }: { post: Post }) {
  return (
    <article
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900"
      lang={post.language}
    >
      <header className="mb-2 flex items-center gap-2 text-sm">
        {post.user.avatar ? <img src={post.user.avatar.url} alt="" width={32} height={32} className="rounded-full" /> : null}
        <span className="font-medium" dir="auto">
          {post.user.nickname}
        </span>
        <span className="text-stone-500 dark:text-stone-400">· {post.user.rank.name}</span>
        {post.feeling ? (
          <span className="text-stone-500 dark:text-stone-400">
            · {post.feeling.emoji} {post.feeling.name}
          </span>
        ) : null}
        <time className="ms-auto text-stone-500 dark:text-stone-400" dateTime={post.created_at}>
          <FormattedRelativeTime value={secondsSince(post.created_at)} updateIntervalInSeconds={60} numeric="auto" />
        </time>
      </header>
      <p className="whitespace-pre-line break-words" dir="auto">
        {post.content}
      </p>
      <footer className="mt-3 flex gap-4 text-sm text-stone-600 dark:text-stone-400">
        <span>
          <FormattedMessage id="post.supports" values={{ count: post.supports_count }} />
        </span>
        <span>
          <FormattedMessage id="post.comments" values={{ count: post.comments_count }} />
        </span>
      </footer>
    </article>
  );
}
