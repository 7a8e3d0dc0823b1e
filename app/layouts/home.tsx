/** The home layout: feeds, moods, topics and thoughts, with a side column about the community. */

import { Outlet, useMatches } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import type { Post } from '../../core/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { langOf } from '../components/core/RichText.tsx';
import { Frame } from '../components/Frame.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { textDir } from '../lib/direction.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useItem, useVisible } from '../lib/items.ts';
import { useSession } from '../lib/session.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function HomeLayout() {
  return (
    <Frame
      className="mx-auto grid w-full max-w-5xl flex-1 grid-cols-1 gap-8 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      after={<HomeAside />}
    >
      <Outlet />
    </Frame>
  );
}

const NO_POSTS: Post[] = [];

/** How many trending posts the side column lists; the feed's loader sends no more (they are page data). */
export const TRENDING_SHOWN = 5;

/** Trending posts, when the page beside the column loaded them (the feed does). */
function Trending({ locale }: { locale: string }) {
  const matches = useMatches();
  const loaded = matches.map((m) => (m.loaderData as { trendingPosts?: Post[] } | undefined)?.trendingPosts).find(Array.isArray);
  const posts = useVisible('post', loaded ?? NO_POSTS);
  if (posts.length === 0) return null;
  return (
    <Panel as="section" aria-labelledby="trending-heading">
      <h2 id="trending-heading" className="mb-2 font-semibold">
        <FormattedMessage id="feed.trending" />
      </h2>
      <ol className="flex flex-col gap-3">
        {posts.slice(0, TRENDING_SHOWN).map((p) => (
          <TrendingPost key={p.id} post={p} locale={locale} />
        ))}
      </ol>
    </Panel>
  );
}

/** One trending post, in the same state as its card in the feed beside it (app/lib/items.ts). */
function TrendingPost({ post: loaded, locale }: { post: Post; locale: string }) {
  const intl = useIntl();
  const post = useItem('post', loaded);
  return (
    <li>
      <AppLink
        to={localizedPath(locale, `/problem/${post.id}`)}
        className="line-clamp-2 wrap-anywhere hover:underline"
        dir={textDir(post.content, post.language)}
        lang={langOf(post.language)}
      >
        {post.content}
      </AppLink>
      <p className="text-xs text-stone-500 dark:text-stone-400">
        <span aria-hidden="true">{post.is_supported ? '💜 ' : '🤍 '}</span>
        {`${intl.formatMessage({ id: 'post.supports' }, { count: post.supports_count })} · ${intl.formatMessage({ id: 'post.comments' }, { count: post.comments_count })}`}
      </p>
    </li>
  );
}

function HomeAside() {
  const intl = useIntl();
  const { locale } = useSession();
  const link = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
  return (
    <aside aria-label={intl.formatMessage({ id: 'home.aside.label' })} className="flex flex-col gap-4 text-sm">
      <Trending locale={locale} />
      <Panel as="section">
        <h2 className="mb-2 font-semibold">
          <FormattedMessage id="home.aside.about_heading" />
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          <FormattedMessage id="app.tagline" />
        </p>
        <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1">
          <AppLink to={localizedPath(locale, '/community-guidelines')} className={link}>
            <FormattedMessage id="footer.guidelines" />
          </AppLink>
          <AppLink to={localizedPath(locale, '/topSupporters')} className={link}>
            <FormattedMessage id="footer.top_supporters" />
          </AppLink>
        </p>
      </Panel>
      <section className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-stone-900 dark:text-amber-100">
        <h2 className="mb-2 font-semibold">
          <FormattedMessage id="home.aside.crisis_heading" />
        </h2>
        <p>
          <FormattedMessage id="home.aside.crisis_text" />
        </p>
      </section>
    </aside>
  );
}
