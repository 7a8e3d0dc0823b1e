/** Thoughts (home layout): the composer, thoughts with their reaction bar, popular thoughts and top contributors. */

import { useRevalidator } from 'react-router';
import { ThoughtCard } from '../components/core/ThoughtCard.tsx';
import { ThoughtComposer } from '../components/core/ThoughtComposer.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { collectionLd, pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { optional, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/thoughts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = loaderApi(context);
  // Popular thoughts and top contributors are side lists under the thoughts, each left out when empty: the
  // page is whole without them.
  const [page, popular, top] = await Promise.all([
    required(request, api.thoughts(1)),
    optional(
      api.popularThoughts().then((r) => r.data),
      [],
    ),
    optional(
      api.topContributors().then((r) => r.data),
      [],
    ),
  ]);
  return { page, popular, top };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'thoughts', {
    jsonLd: (page) =>
      collectionLd(
        page,
        (loaderData?.page.data ?? []).map((t) => `/thought/${t.id}`),
      ),
  });

export default function Thoughts({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const list = usePaged(loaderData.page, (page) => api.thoughts(page), 'thoughts');
  const shown = useVisible('thought', list.items);
  const popular = useVisible('thought', loaderData.popular);

  return (
    <>
      <PageHeading intro={<FormattedMessage id="thoughts.intro" />}>
        <FormattedMessage id="thoughts.heading" />
      </PageHeading>
      <ThoughtComposer onCreated={() => revalidator.revalidate()} />
      {shown.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="thoughts.empty" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-busy={list.loading}>
          {shown.map((t) => (
            <li key={t.id}>
              <ThoughtCard thought={t} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={shown.length > 0} />
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        {popular.length > 0 ? (
          <section aria-labelledby="popular-thoughts">
            <h2 id="popular-thoughts" className="mb-2 font-semibold">
              <FormattedMessage id="thoughts.popular" />
            </h2>
            <ol className="flex flex-col gap-2">
              {popular.slice(0, 5).map((t) => (
                <li key={t.id}>
                  <ThoughtCard thought={t} heading={3} />
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {loaderData.top.length > 0 ? (
          <section aria-labelledby="top-contributors">
            <h2 id="top-contributors" className="mb-2 font-semibold">
              <FormattedMessage id="thoughts.top_contributors" />
            </h2>
            <ol className="flex flex-col gap-2">
              {loaderData.top.map((c) => (
                <li
                  key={c.user.id}
                  className="flex items-center justify-between gap-2 rounded-xl border border-stone-200 p-2 dark:border-stone-800"
                >
                  <span className="flex min-w-0 items-center gap-2 text-sm">
                    {c.user.avatar ? <img src={c.user.avatar.url} alt="" width={24} height={24} className="rounded-full" /> : null}
                    <span className="font-medium" dir="auto">
                      {c.user.nickname}
                    </span>
                    <span className="text-stone-500 dark:text-stone-400">{`· ${c.user.rank.name}`}</span>
                  </span>
                  <span className="shrink-0 text-sm text-stone-600 dark:text-stone-300">
                    <FormattedMessage id="thoughts.count" values={{ count: c.thoughts_count }} />
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    </>
  );
}
