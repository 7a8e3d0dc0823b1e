/**
 * A topic (nonavpage layout): its cover as a header, the description, a composer that keeps the 30-minute
 * rule (it asks check-new-note before opening and shows the time left), the topic's posts, related topics.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { BackArrow } from '../components/BackArrow.tsx';
import { Composer } from '../components/core/Composer.tsx';
import { ReportDialog } from '../components/core/dialogs.tsx';
import { langOf } from '../components/core/RichText.tsx';
import { TopicCard } from '../components/core/TopicCard.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { UnderReview } from '../components/moderation/UnderReview.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState } from '../components/Status.tsx';
import { textDir } from '../lib/direction.ts';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { idParam, optional, orNotFound, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useSignIn } from '../lib/signin.tsx';
import type { Route } from './+types/topic';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  // Related topics are a list under the posts, left out when empty, and the JSON-LD is for search engines (a
  // page that fails to read it is not kept by the guest cache): the page is whole without either.
  const [topic, posts, related, jsonLd] = await Promise.all([
    orNotFound(request, api.topic(id)),
    required(request, api.topicPosts(id)),
    optional(
      api.relatedTopics(id).then((r) => r.data),
      [],
    ),
    optional(api.topicJsonLd(id), null),
  ]);
  return { topic: topic.data, posts, related, jsonLd };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, 'topic');
  const { topic, jsonLd } = loaderData;
  return pageMeta(matches, 'topic', { heading: topic.title, description: topic.description, jsonLd: jsonLd ?? undefined });
};

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api, locale, user } = useSession();
  const signIn = useSignIn();
  const [reporting, setReporting] = useState(false);
  const revalidator = useRevalidator();
  const { topic } = loaderData;
  // No report link on one's own topic.
  const mine = user?.id === topic.user.id;
  const posts = usePaged(loaderData.posts, (page) => api.topicPosts(topic.id, page), 'topic');
  const shown = useVisible('post', posts.items);

  return (
    <>
      <p className="mb-3 text-sm">
        <AppLink to={localizedPath(locale, '/topic')} className="text-brand-700 hover:underline dark:text-brand-100">
          <BackArrow />
          {` ${intl.formatMessage({ id: 'topics.back' })}`}
        </AppLink>
      </p>
      <header className="relative mb-6 overflow-hidden rounded-2xl">
        <img src={topic.cover.url} alt="" width={800} height={400} className="aspect-[3/1] w-full object-cover" />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 text-white">
          <p className="text-xs font-medium uppercase tracking-wide">{topic.category.name}</p>
          <h1 className="text-2xl font-semibold" dir={textDir(topic.title, topic.language)} lang={langOf(topic.language)}>
            {topic.title}
          </h1>
        </div>
      </header>
      <UnderReview show={topic.under_review} />
      <p
        className="mb-2 whitespace-pre-line text-stone-700 dark:text-stone-300"
        dir={textDir(topic.description, topic.language)}
        lang={langOf(topic.language)}
      >
        {topic.description}
      </p>
      <p className="mb-6 text-sm text-stone-500 dark:text-stone-400">
        {`${intl.formatMessage({ id: 'topics.started_by' }, { name: topic.user.nickname })} · ${intl.formatMessage({ id: 'topics.posts_count' }, { count: topic.posts_count })}${mine ? '' : ' · '}`}
        {mine ? null : (
          <button type="button" className="underline hover:no-underline" onClick={() => (user ? setReporting(true) : signIn.open())}>
            <FormattedMessage id="post.report" />
          </button>
        )}
      </p>
      {reporting ? <ReportDialog target="topic" id={topic.id} onClose={() => setReporting(false)} /> : null}
      <Composer kind="post" topicId={topic.id} onCreated={() => revalidator.revalidate()} />
      {shown.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="topics.no_posts" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4" aria-busy={posts.loading}>
          {shown.map((p) => (
            <li key={p.id}>
              <PostCard post={p} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasMore={posts.hasMore} loading={posts.loading} failed={posts.failed} onMore={posts.loadMore} showEnd={shown.length > 0} />
      {loaderData.related.length > 0 ? (
        <section aria-labelledby="related-topics" className="mt-10">
          <h2 id="related-topics" className="mb-3 text-lg font-semibold">
            <FormattedMessage id="topics.related" />
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {loaderData.related.map((t) => (
              <li key={t.id}>
                <TopicCard topic={t} locale={locale} heading={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
