/** Advice (default layout): the private advice other members sent about the member's posts, newest first, each with a link to its post. */

import { localizedPath } from '../../core/locales.ts';
import type { Advice as AdviceItem } from '../../core/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Author } from '../components/core/Author.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { textDir } from '../lib/direction.ts';
import { loaderApi, requireUser } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/advice';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  return { page: await required(request, loaderApi(context).advices()) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'advice', { noindex: true });

export default function Advice({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const list = usePaged(loaderData.page, (page) => api.advices(page), 'advice');

  return (
    <>
      <PageHeading intro={<FormattedMessage id="advice.intro" />}>
        <FormattedMessage id="advice.heading" />
      </PageHeading>
      {list.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="advice.empty" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-busy={list.loading}>
          {list.items.map((a) => (
            <li key={a.id}>
              <AdviceCard advice={a} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={list.items.length > 0} />
    </>
  );
}

function AdviceCard({ advice: a }: { advice: AdviceItem }) {
  const { locale } = useSession();
  const intl = useIntl();
  return (
    <Panel as="article" aria-label={intl.formatMessage({ id: 'advice.from' }, { nickname: a.sender.nickname })} data-testid="advice">
      <header className="mb-2">
        <Author user={a.sender} at={a.created_at} size={24} />
      </header>
      <p dir={textDir(a.content)} className="break-words whitespace-pre-wrap">
        {a.content}
      </p>
      <p className="mt-3 border-t border-stone-200 pt-2 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        {`${intl.formatMessage({ id: 'advice.on_post' })} `}
        <AppLink
          to={localizedPath(locale, `/problem/${a.post.id}`)}
          className="text-brand-700 hover:underline dark:text-brand-100"
          dir={textDir(a.post.excerpt)}
        >
          {a.post.excerpt}
        </AppLink>
      </p>
    </Panel>
  );
}
