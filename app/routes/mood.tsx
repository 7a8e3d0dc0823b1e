/** Moods (home layout): the mood composer, a "new moods" pill, and mood cards with reactions and polls. */

import { useRevalidator } from 'react-router';
import { Composer } from '../components/core/Composer.tsx';
import { MoodCard } from '../components/core/MoodCard.tsx';
import { NewItemsPill, useFocusFirstAfter } from '../components/core/NewItemsPill.tsx';
import { CardSkeletons } from '../components/core/Skeleton.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { collectionLd, pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/mood';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { page: await required(request, loaderApi(context).moodList(1)) };
}

// Moods have no page of their own, so the feed's JSON-LD is the page alone, without a list of addresses.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'moods', { jsonLd: (page) => collectionLd(page, []) });

export default function Moods({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const revalidator = useRevalidator();
  const list = usePaged(loaderData.page, (page) => api.moodList(page), 'moods');
  const moods = useVisible('mood', list.items);
  const reload = () => revalidator.revalidate();
  const fresh = useFocusFirstAfter(reload, list.shown);

  return (
    <>
      <PageHeading>
        <FormattedMessage id="feed.moods_heading" />
      </PageHeading>
      <Composer kind="mood" onCreated={reload} />
      <NewItemsPill room="feed:moods" onShow={fresh.show} />
      {revalidator.state === 'loading' ? (
        <CardSkeletons />
      ) : moods.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="feed.moods_empty" />
        </EmptyState>
      ) : (
        <ol ref={fresh.list} className="flex flex-col gap-3" aria-busy={list.loading}>
          {moods.map((mood) => (
            <li key={mood.id}>
              <MoodCard mood={mood} />
            </li>
          ))}
        </ol>
      )}
      {list.loading ? <CardSkeletons count={2} /> : null}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} showEnd={moods.length > 0} />
    </>
  );
}
