/**
 * Search (default layout). Until the search issue brings /api/search across every kind of content, the
 * search runs over posts, through the posts-by-keyword call that exists.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Form, useNavigation } from 'react-router';
import { LoadMore } from '../components/LoadMore.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button } from '../components/ui/Button.tsx';
import { loaderApi } from '../lib/guard.ts';
import { useVisible } from '../lib/items.ts';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/search';

/** The API's limit for a keyword. */
const MAX_QUERY = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  if (!q) return { q, results: null };
  return { q, results: await required(request, loaderApi(context).postsByKeyword(q)) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'search');

export default function Search({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api } = useSession();
  const navigation = useNavigation();
  const { q } = loaderData;
  const results = usePaged(loaderData.results, (page) => api.postsByKeyword(q, page));
  const posts = useVisible('post', results.items);
  const searching = navigation.state !== 'idle';
  // The visitor's words keep their own direction inside a translated sentence.
  const query = <bdi>{q}</bdi>;

  return (
    <>
      <PageHeading>
        <FormattedMessage id="search.heading" />
      </PageHeading>
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          <FormattedMessage id="search.label" />
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={MAX_QUERY}
          required
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 dark:border-stone-700 dark:bg-stone-900"
        />
        <Button type="submit" busy={searching} variant="primary" size="lg">
          <FormattedMessage id="search.submit" />
        </Button>
      </Form>
      {!q ? (
        <p className="text-stone-600 dark:text-stone-400">
          <FormattedMessage id="search.hint" />
        </p>
      ) : posts.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="search.none" values={{ query }} />
        </EmptyState>
      ) : (
        <section aria-labelledby="search-results">
          <h2 id="search-results" className="mb-3 font-semibold">
            <FormattedMessage id="search.results" values={{ count: results.total, query }} />
          </h2>
          <ol className="flex flex-col gap-4">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} heading={3} />
              </li>
            ))}
          </ol>
          <LoadMore {...results} onMore={results.loadMore} showEnd />
        </section>
      )}
    </>
  );
}
