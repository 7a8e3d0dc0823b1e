/** A tag (default layout): its posts, newest first. The address is checked before entry; a missing tag is a 404. */

import { LoadMore } from '../components/LoadMore.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { collectionLd, pageMeta } from '../lib/meta.ts';
import { usePaged } from '../lib/paged.ts';
import { idParam, notFound, orNotFound, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/tag';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  const { exists } = await required(request, api.checkTagUrl(id));
  if (!exists) notFound(request);
  const [tag, posts] = await Promise.all([orNotFound(request, api.tag(id)), orNotFound(request, api.tagPosts(id))]);
  return { tag: tag.data, posts };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    'tag',
    loaderData
      ? {
          heading: `#${loaderData.tag.name}`,
          values: { tag: `#${loaderData.tag.name}` },
          jsonLd: (page) =>
            collectionLd(
              page,
              loaderData.posts.data.map((p) => `/problem/${p.id}`),
            ),
        }
      : {},
  );

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  const { tag } = loaderData;
  const posts = usePaged(loaderData.posts, (page) => api.tagPosts(tag.id, page), 'tag');
  const shown = useVisible('post', posts.items);
  return (
    <>
      <PageHeading intro={<FormattedMessage id="tag.count" values={{ count: tag.posts_count }} />}>
        <span dir="auto">{`#${tag.name}`}</span>
      </PageHeading>
      {shown.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="tag.empty" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {shown.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore {...posts} onMore={posts.loadMore} showEnd={shown.length > 0} />
    </>
  );
}
