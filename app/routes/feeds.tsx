/** The feed (home layout): the composer, new-post pill, and problems newest first, a page at a time. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigation, useRevalidator } from 'react-router';
import { Composer } from '../components/core/Composer.tsx';
import { NewItemsPill, useFocusFirstAfter } from '../components/core/NewItemsPill.tsx';
import { CardSkeletons } from '../components/core/Skeleton.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { TRENDING_SHOWN } from '../layouts/home.tsx';
import { loaderApi } from '../lib/guard.ts';
import { useVisible } from '../lib/items.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { optional, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/feeds';

/** Asked once, and only in the browser (it reads the browser's languages): its code loads after the page, not with it. */
const ContentLanguagePrompt = lazy(() =>
  import('../components/core/ContentLanguagePrompt.tsx').then((m) => ({ default: m.ContentLanguagePrompt })),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = loaderApi(context);
  // Trending posts sit beside the feed in the home layout's side column, which is left out when there are none:
  // the feed is the page and is whole without them. Only those the column lists travel in the page's data.
  const [page, trendingPosts] = await Promise.all([
    required(request, api.posts(1)),
    optional(
      api.trendingPosts().then((r) => r.data.slice(0, TRENDING_SHOWN)),
      [],
    ),
  ]);
  return { page, trendingPosts };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feeds');

export default function Feeds({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const list = usePaged(loaderData.page, (page) => api.posts(page));
  const posts = useVisible('post', list.items);
  // SPEC.md section 4: after a post or mood is created the list starts again from page 1.
  const reload = () => revalidator.revalidate();
  const refreshing =
    revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === window.location.pathname);
  const fresh = useFocusFirstAfter(reload, list.shown);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <>
      <PageHeading>
        <FormattedMessage id="feed.heading" />
      </PageHeading>
      <Composer kind="post" onCreated={reload} />
      <NewItemsPill room="feed:posts" onShow={fresh.show} />
      {hydrated ? (
        <Suspense fallback={null}>
          <ContentLanguagePrompt onChosen={reload} />
        </Suspense>
      ) : null}
      {refreshing ? (
        <CardSkeletons />
      ) : posts.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="feed.empty" />
        </EmptyState>
      ) : (
        <ol ref={fresh.list} className="flex flex-col gap-4" aria-busy={list.loading}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      {list.loading ? <CardSkeletons count={2} /> : null}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={posts.length > 0} />
    </>
  );
}
