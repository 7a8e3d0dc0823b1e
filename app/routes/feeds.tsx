/** The feed (home layout): the composer, new-post pill, and problems newest first, a page at a time. */

import { useNavigation, useRevalidator } from 'react-router';
import { COOKIE } from '../../core/limits.ts';
import { browserLanguages, suggestedLanguages } from '../../core/locales.ts';
import { Composer } from '../components/core/Composer.tsx';
import { ContentLanguagePrompt } from '../components/core/ContentLanguagePrompt.tsx';
import { NewItemsPill, useFocusFirstAfter } from '../components/core/NewItemsPill.tsx';
import { CardSkeletons } from '../components/core/Skeleton.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { TRENDING_SHOWN } from '../layouts/home.tsx';
import { languageContext } from '../lib/context.ts';
import { loaderApi } from '../lib/guard.ts';
import { parseCookies } from '../lib/i18n.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { collectionLd, pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { optional, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/feeds';

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
  // The language prompt is part of the page as served (no shift when it hydrates): the browser's languages come from
  // its Accept-Language, and the cookie says it has answered. The guest cache keys on both (server/plugins/guest-cache).
  const answered = COOKIE.contentLanguages in parseCookies(request.headers.get('cookie'));
  const { locale } = context.get(languageContext);
  const languageOffer = answered ? null : suggestedLanguages(locale, browserLanguages(request.headers.get('accept-language')));
  return { page, trendingPosts, languageOffer };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'feeds', {
    jsonLd: (page) =>
      collectionLd(
        page,
        (loaderData?.page.data ?? []).map((p) => `/problem/${p.id}`),
      ),
  });

export default function Feeds({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const list = usePaged(loaderData.page, (page) => api.posts(page), 'feed');
  const posts = useVisible('post', list.items);
  // SPEC.md section 4: after a post or mood is created the list starts again from page 1.
  const reload = () => revalidator.revalidate();
  const refreshing =
    revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === window.location.pathname);
  const fresh = useFocusFirstAfter(reload, list.shown);

  return (
    <>
      <PageHeading>
        <FormattedMessage id="feed.heading" />
      </PageHeading>
      <Composer kind="post" onCreated={reload} />
      <NewItemsPill room="feed:posts" onShow={fresh.show} />
      <ContentLanguagePrompt offer={loaderData.languageOffer} onChosen={reload} />
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
