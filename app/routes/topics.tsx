/** Topics (home layout): topic cards with covers, a category filter, trending and latest topics, and "create topic". */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { CreateTopicDialog } from '../components/core/CreateTopicDialog.tsx';
import { TopicCard } from '../components/core/TopicCard.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button } from '../components/ui/Button.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useActivePath } from '../lib/language.ts';
import { collectionLd, pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { optional, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useSignIn } from '../lib/signin.tsx';
import type { Route } from './+types/topics';

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = loaderApi(context);
  const category = Number(new URL(request.url).searchParams.get('category')) || undefined;
  // The category filter is part of the list (it says which category is shown); trending and latest topics are
  // side lists, each left out when empty, so the page is whole without them.
  const [page, categories, trending, latest] = await Promise.all([
    required(request, api.topics(1, category)),
    required(request, api.categories()),
    optional(
      api.trendingTopics().then((r) => r.data),
      [],
    ),
    optional(
      api.latestTopics().then((r) => r.data),
      [],
    ),
  ]);
  return { page, categories: categories.data, trending, latest, category: category ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'topics', {
    jsonLd: (page) =>
      collectionLd(
        page,
        (loaderData?.page.data ?? []).map((t) => `/topic/${t.id}`),
      ),
  });

export default function Topics({ loaderData }: Route.ComponentProps) {
  const { api, user, locale } = useSession();
  const toActive = useActivePath();
  const signIn = useSignIn();
  const intl = useIntl();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const list = usePaged(loaderData.page, (page) => api.topics(page, loaderData.category ?? undefined), 'topics');

  const side = (heading: string, topics: typeof loaderData.trending) =>
    topics.length > 0 ? (
      <section aria-labelledby={`topics-${heading}`}>
        <h2 id={`topics-${heading}`} className="mb-2 font-semibold">
          <FormattedMessage id={`topics.${heading}`} />
        </h2>
        <ul className="flex flex-col gap-2">
          {topics.map((t) => (
            <li key={t.id}>
              <TopicCard topic={t} locale={locale} heading={3} compact />
            </li>
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <>
      <PageHeading intro={<FormattedMessage id="topics.intro" />}>
        <FormattedMessage id="topics.heading" />
      </PageHeading>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <FormattedMessage id="topics.filter" />
          <select
            value={loaderData.category ?? ''}
            onChange={(e) => setParams(e.target.value ? { category: e.target.value } : {})}
            className="rounded-lg border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
          >
            <option value="">{intl.formatMessage({ id: 'topics.all_categories' })}</option>
            {loaderData.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => (user ? setCreating(true) : signIn.open())} variant="primary">
          <FormattedMessage id="topics.create" />
        </Button>
      </div>
      {list.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="topics.empty" />
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-busy={list.loading}>
          {list.items.map((t) => (
            <li key={t.id}>
              <TopicCard topic={t} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={list.items.length > 0} />
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        {side('trending', loaderData.trending)}
        {side('latest', loaderData.latest)}
      </div>
      {creating ? (
        <CreateTopicDialog
          categories={loaderData.categories}
          onClose={() => setCreating(false)}
          onCreated={(t) => navigate(toActive(localizedPath(locale, `/topic/${t.id}`)))}
        />
      ) : null}
    </>
  );
}
