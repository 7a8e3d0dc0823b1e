/**
 * One problem post (default layout): the post with its poll and actions, the author's edit and switches,
 * comments with replies and votes, and related posts. A missing post is a real 404, and the page embeds the
 * post's JSON-LD.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { postJsonLd, postPagePath } from '../../core/json-ld.ts';
import { LIMITS } from '../../core/limits.ts';
import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { BackArrow } from '../components/BackArrow.tsx';
import { Comments } from '../components/core/Comments.tsx';
import { EditText } from '../components/core/EditText.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { serverContext } from '../lib/context.ts';
import { useEditing } from '../lib/editing.ts';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { updateItem, useItem, useVisible } from '../lib/items.ts';
import { useActivePath } from '../lib/language.ts';
import { excerpt, pageMeta } from '../lib/meta.ts';
import { idParam, optional, orNotFound, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useSignIn } from '../lib/signin.tsx';
import { useToast } from '../lib/toast.tsx';
import type { Route } from './+types/problem';

const AdviceDialog = lazy(() => import('../components/core/AdviceDialog.tsx').then((m) => ({ default: m.AdviceDialog })));

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  // The post's own read is the address check: it answers 404 for exactly the posts the check said do not exist
  // (moderation and the viewer's blocks), so the page's reads go out together. A missing post is the page's 404
  // whatever the others answer, so the post is awaited first and their failures wait behind it.
  const post = orNotFound(request, api.post(id));
  // Related posts are a list under the comments, left out when empty: the page is whole without them.
  const rest = Promise.all([
    required(request, api.postComments(id)),
    optional(
      api.relatedPosts(id).then((r) => r.data),
      [],
    ),
  ]);
  rest.catch(() => {});
  const { data } = await post;
  const [comments, related] = await rest;
  // The JSON-LD for search engines is built from the post in hand, as GET /api/schema/post/{id} builds it.
  const jsonLd = postJsonLd(data, context.get(serverContext).origin, postPagePath(id));
  return { post: data, comments, related, jsonLd };
}

/** The title is the start of the post, so tabs and search results say what it is about. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const text = loaderData?.post.content ?? '';
  return pageMeta(matches, 'problem', text ? { heading: excerpt(text, 60), description: text, jsonLd: loaderData?.jsonLd } : {});
};

export default function Problem({ loaderData }: Route.ComponentProps) {
  const { api, locale, user } = useSession();
  const signIn = useSignIn();
  const [advising, setAdvising] = useState(false);
  const toActive = useActivePath();
  const toast = useToast();
  const intl = useIntl();
  const navigate = useNavigate();
  const post = useItem('post', loaderData.post);
  const related = useVisible('post', loaderData.related);
  // The card is replaced by the form, its Edit button with it: the focus comes back to the new card's.
  const edit = useEditing(() => document.getElementById(`post-${post.id}-by`)?.closest('article') ?? null);

  return (
    <>
      <p className="mb-3 text-sm">
        <AppLink to={localizedPath(locale, '/')} className="text-brand-700 hover:underline dark:text-brand-100">
          <BackArrow />
          {` ${intl.formatMessage({ id: 'problem.back' })}`}
        </AppLink>
      </p>
      <h1 className="sr-only">
        <FormattedMessage id="problem.heading" values={{ nickname: post.user.nickname }} />
      </h1>
      {edit.editing ? (
        <EditText
          boxed
          label={intl.formatMessage({ id: 'post.edit_title' })}
          initial={post.content}
          max={LIMITS.post}
          rows={8}
          onCancel={edit.stop}
          onSave={async (content) => {
            const res = await api.updatePost(post.id, { content });
            toast.success(res.message);
            updateItem('post', post.id, () => res.data);
            edit.stop();
          }}
        />
      ) : (
        <PostCard
          // Not the bare id: Comments, a sibling, is keyed by it, and equal sibling keys make React keep stale copies.
          key={`post-${post.id}`}
          post={post}
          page
          onEdit={edit.start}
          onRemoved={() => navigate(toActive(localizedPath(locale, '/')), { replace: true })}
        />
      )}
      {/* Advice goes to the author alone; they may have turned it off for this post. */}
      {post.is_mine || post.advice_disabled || edit.editing ? null : (
        <div className="mt-3 flex justify-end">
          <Button aria-haspopup="dialog" onClick={() => (user ? setAdvising(true) : signIn.open())}>
            <FormattedMessage id="advice.send" />
          </Button>
        </div>
      )}
      {advising ? (
        <Suspense fallback={null}>
          <AdviceDialog postId={post.id} author={post.user.nickname} onClose={() => setAdvising(false)} />
        </Suspense>
      ) : null}
      <Comments key={post.id} postId={post.id} first={loaderData.comments} />
      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="mb-3 text-lg font-semibold">
            <FormattedMessage id="problem.related" />
          </h2>
          <ul className="flex flex-col gap-4">
            {related.map((p) => (
              <li key={p.id}>
                <PostCard post={p} heading={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
