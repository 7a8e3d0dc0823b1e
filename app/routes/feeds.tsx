import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRevalidator } from 'react-router';
import type { Paged, Post } from '../../core/types.ts';
import { PostCard } from '../components/PostCard.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { ApiError, createApi } from '../lib/api.ts';
import { serverContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/feeds';

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(serverContext);
  try {
    return { page: await createApi(ctx.api, { locale: ctx.locale }).posts<Post>(1), error: null };
  } catch (err) {
    return { page: null, error: err instanceof ApiError ? err.message : String(err) };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'feeds');

export default function Feeds({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const [pages, setPages] = useState<Paged<Post>[]>(loaderData.page ? [loaderData.page] : []);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState(false);

  useEffect(() => setPages(loaderData.page ? [loaderData.page] : []), [loaderData.page]);

  const last = pages.at(-1);
  const posts = pages.flatMap((p) => p.data);

  async function loadMore() {
    if (!last) return;
    setLoadingMore(true);
    setMoreError(false);
    try {
      const next = await api.posts<Post>(last.meta.current_page + 1);
      setPages((ps) => [...ps, next]);
    } catch {
      setMoreError(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">
        <FormattedMessage id="common.skip_to_content" />
      </a>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="mb-4 text-xl font-semibold">
          <FormattedMessage id="feed.heading" />
        </h1>
        {loaderData.error ? (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <p>
              <FormattedMessage id="feed.load_failed" />
            </p>
            <button type="button" className="mt-2 underline" onClick={() => revalidator.revalidate()}>
              <FormattedMessage id="common.retry" />
            </button>
          </div>
        ) : posts.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">
            <FormattedMessage id="feed.empty" />
          </p>
        ) : (
          <ol className="flex flex-col gap-4" aria-busy={loadingMore}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ol>
        )}
        {last && last.meta.current_page < last.meta.last_page ? (
          <div className="mt-6 text-center">
            {moreError ? (
              <p role="alert" className="mb-2 text-red-700 dark:text-red-400">
                <FormattedMessage id="feed.load_failed" />
              </p>
            ) : null}
            <button
              type="button"
              onClick={loadMore}
              disabled={loadingMore}
              className="rounded-full border border-stone-300 px-4 py-2 dark:border-stone-700"
            >
              <FormattedMessage id={loadingMore ? 'common.loading' : moreError ? 'common.retry' : 'feed.load_more'} />
            </button>
          </div>
        ) : posts.length > 0 ? (
          <p className="mt-6 text-center text-sm text-stone-500">
            <FormattedMessage id="feed.end" />
          </p>
        ) : null}
      </main>
    </>
  );
}
