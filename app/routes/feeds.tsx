/** The feed (home layout): the composer, new-post pill, and problems newest first, a page at a time. */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigation, useRevalidator } from 'react-router';
import type { Post } from '../../core/types.ts';
import { Composer } from '../components/core/Composer.tsx';
import { NewItemsPill } from '../components/core/NewItemsPill.tsx';
import { CardSkeletons } from '../components/core/Skeleton.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState, ErrorState, PageHeading } from '../components/Status.tsx';
import { ApiError } from '../lib/api.ts';
import { loaderApi } from '../lib/guard.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/feeds';

export async function loader({ context }: Route.LoaderArgs) {
  const api = loaderApi(context);
  // Trending posts sit beside the feed (home layout's side column); the feed does not wait on them failing.
  const trending = api.trendingPosts().then(
    (r) => r.data,
    () => [] as Post[],
  );
  try {
    return { page: await api.posts<Post>(1), trendingPosts: await trending, error: null };
  } catch (err) {
    return { page: null, trendingPosts: await trending, error: err instanceof ApiError ? err.message : String(err) };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feeds');

export default function Feeds({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const list = usePaged(loaderData.page, (page) => api.posts<Post>(page));
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const posts = list.items.filter((p) => !removed.has(p.id));
  // SPEC.md section 4: after a post or mood is created the list starts again from page 1.
  const reload = () => {
    setRemoved(new Set());
    revalidator.revalidate();
  };
  const refreshing =
    revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === window.location.pathname);

  return (
    <>
      <PageHeading>
        <FormattedMessage id="feed.heading" />
      </PageHeading>
      <Composer kind="post" onCreated={reload} />
      <NewItemsPill room="feed:posts" onShow={reload} />
      {loaderData.error ? (
        <ErrorState onRetry={reload}>
          <FormattedMessage id="feed.load_failed" />
        </ErrorState>
      ) : refreshing ? (
        <CardSkeletons />
      ) : posts.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="feed.empty" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4" aria-busy={list.loading}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onRemoved={() => setRemoved((r) => new Set(r).add(post.id))} />
            </li>
          ))}
        </ol>
      )}
      {list.loading ? <CardSkeletons count={2} /> : null}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={posts.length > 0} />
    </>
  );
}
