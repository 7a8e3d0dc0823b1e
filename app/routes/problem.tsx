/**
 * One problem post (default layout): the post with its poll and actions, the author's edit and switches,
 * comments with replies and votes, and related posts. A missing post is a real 404, and the page embeds the
 * post's JSON-LD.
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CommentAnchor, commentAnchor } from '../../core/comment-anchor.ts';
import { postJsonLd, postPagePath } from '../../core/json-ld.ts';
import { LIMITS } from '../../core/limits.ts';
import { localizedPath } from '../../core/locales.ts';
import type { Comment, Paged } from '../../core/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { BackArrow } from '../components/BackArrow.tsx';
import { Comments } from '../components/core/Comments.tsx';
import { EditText } from '../components/core/EditText.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import type { Api } from '../lib/api/create.ts';
import { serverContext } from '../lib/context.ts';
import { editDraft, useEditing } from '../lib/editing.ts';
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

/**
 * The most pages of comments (and of one comment's replies) read to reach a comment a notification names: 200
 * comments. A comment past them opens the page as it always opened, at its top (decision 075).
 */
const ANCHOR_PAGES = 20;

const holds = (page: Paged<Comment>, id: number) => page.data.some((c) => c.id === id);

/** Reads pages from the first until one holds `id`, at most ANCHOR_PAGES: the pages, and whether it was found. */
async function pagesTo(read: (page: number) => Promise<Paged<Comment>>, id: number, first?: Paged<Comment>) {
  const pages = [first ?? (await read(1))];
  for (let last = pages[0]; !holds(last, id); last = pages[pages.length - 1]) {
    // Past the last page the comment is not there (deleted, hidden by a block or by moderation): said calmly.
    if (last.meta.current_page >= last.meta.last_page) return { pages, found: false as const };
    if (pages.length >= ANCHOR_PAGES) return { pages, found: null };
    pages.push(await read(last.meta.current_page + 1));
  }
  return { pages, found: true as const };
}

/**
 * The comments a visit shows: their first page; opened at a comment (a notification's `?comment=`, and `&reply=` for a
 * reply inside its thread), the pages up to it and, for a reply past the first ones, its thread's pages up to it, so
 * the server renders them and the page opens there (decision 075). `found` is false when what was named is gone.
 */
async function commentsFor(api: Api, postId: number, anchor: CommentAnchor | null) {
  const first = await api.postComments(postId);
  if (!anchor) return { pages: [first], anchor: null };
  const list = await pagesTo((page) => api.postComments(postId, page), anchor.comment, first);
  const comment = list.found ? list.pages[list.pages.length - 1].data.find((c) => c.id === anchor.comment) : undefined;
  // Not there: the page opens as it always did, at its first page (with the note when it is known to be gone).
  if (!comment) return { pages: [first], anchor: list.found === false ? { ...anchor, found: false } : null };
  if (anchor.reply === null || comment.replies.some((r) => r.id === anchor.reply))
    return { pages: list.pages, anchor: { ...anchor, found: true } };
  const thread = await pagesTo((page) => api.commentReplies(comment.id, page), anchor.reply);
  if (!thread.found) return { pages: list.pages, anchor: thread.found === false ? { ...anchor, found: false } : null };
  return { pages: list.pages, anchor: { ...anchor, found: true }, replies: thread.pages };
}

const anchorKey = (postId: number, anchor: CommentAnchor | null) =>
  anchor ? `${postId} at ${anchor.comment} ${anchor.reply ?? ''}` : postId;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  // The post's own read is the address check: it answers 404 for exactly the posts the check said do not exist
  // (moderation and the viewer's blocks), so the page's reads go out together. A missing post is the page's 404
  // whatever the others answer, so the post is awaited first and their failures wait behind it.
  const post = orNotFound(request, api.post(id));
  // Related posts are a list under the comments, left out when empty: the page is whole without them.
  const rest = Promise.all([
    required(request, commentsFor(api, id, commentAnchor(new URL(request.url).searchParams))),
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
  const edit = useEditing(
    () => document.getElementById(`post-${post.id}-by`)?.closest('article') ?? null,
    post.is_mine ? editDraft('post', post.id) : null,
    post.content,
  );

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
      {/* Early in the content, where reading starts: the page opened as usual, not at the comment it was sent to. */}
      {loaderData.comments.anchor?.found === false ? (
        <p data-testid="comment-gone" className="mb-3 rounded-xl bg-stone-100 px-4 py-3 text-sm dark:bg-stone-800">
          <FormattedMessage id="comments.anchor_gone" />
        </p>
      ) : null}
      {edit.editing ? (
        <EditText
          boxed
          label={intl.formatMessage({ id: 'post.edit_title' })}
          initial={post.content}
          max={LIMITS.post}
          rows={8}
          draft={edit.draft}
          focus={edit.pressed}
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
      <Comments
        // A notification opening another comment of the post this page shows starts the comments afresh: the thread
        // read to reach a reply is a comment's first state.
        key={anchorKey(post.id, loaderData.comments.anchor)}
        post={post}
        first={loaderData.comments.pages}
        anchor={loaderData.comments.anchor}
        thread={loaderData.comments.replies ?? null}
      />
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
