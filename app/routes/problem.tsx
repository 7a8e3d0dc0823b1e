/**
 * One problem post (default layout): the post with its poll and actions, the author's edit and switches,
 * comments with replies and votes, and related posts. The address is checked before entry (a missing post
 * is a real 404), and the page embeds the post's JSON-LD.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../core/limits.ts';
import { localizedPath } from '../../core/locales.ts';
import { graphemeLength } from '../../core/text.ts';
import type { Post } from '../../core/types.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Comments } from '../components/core/Comments.tsx';
import { errorMessage, fieldErrors } from '../components/core/errors.ts';
import { PostCard } from '../components/PostCard.tsx';
import { loaderApi } from '../lib/guard.ts';
import { pageMeta } from '../lib/meta.ts';
import { idParam, notFound, orNotFound } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useToast } from '../lib/toast.tsx';
import type { Route } from './+types/problem';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  const { exists } = await api.checkProblemUrl(id);
  if (!exists) notFound(request);
  const [post, comments, related, jsonLd] = await Promise.all([
    orNotFound(request, api.post(id)),
    api.postComments(id).catch(() => null),
    api.relatedPosts(id).then(
      (r) => r.data,
      () => [] as Post[],
    ),
    api.postJsonLd(id).catch(() => null),
  ]);
  return { post: post.data, comments, related, jsonLd };
}

/** The title is the start of the post, so tabs and search results say what it is about. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const text = loaderData?.post.content.replace(/\s+/g, ' ').trim() ?? '';
  const head = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  const tags = pageMeta(matches, 'problem', head ? { heading: head } : {});
  return loaderData?.jsonLd ? [...tags, { 'script:ld+json': loaderData.jsonLd }] : tags;
};

function EditPost({ post, onDone }: { post: Post; onDone: (next?: Post) => void }) {
  const { api } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const [content, setContent] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    try {
      const res = await api.updatePost(post.id, { content });
      toast.success(res.message);
      onDone(res.data);
    } catch (err) {
      setError(fieldErrors(err).content ?? null);
      toast.error(errorMessage(err, intl));
    }
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-3 rounded-2xl border border-stone-300 p-4 dark:border-stone-700">
      <label htmlFor="edit-post" className="font-medium">
        <FormattedMessage id="post.edit_title" />
      </label>
      <textarea
        id="edit-post"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={8}
        dir="auto"
        aria-invalid={Boolean(error)}
        className="rounded-xl border border-stone-300 p-3 dark:border-stone-600 dark:bg-stone-800"
      />
      <p className="text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="composer.counter" values={{ count: graphemeLength(content.trim()), max: LIMITS.post }} />
      </p>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={() => onDone()} className="rounded-full px-4 py-2">
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="submit" className="rounded-full bg-brand-600 px-4 py-2 font-medium text-white">
          <FormattedMessage id="common.save" />
        </button>
      </div>
    </form>
  );
}

export default function Problem({ loaderData }: Route.ComponentProps) {
  const { locale } = useSession();
  const navigate = useNavigate();
  const [post, setPost] = useState(loaderData.post);
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);

  return (
    <>
      <p className="mb-3 text-sm">
        <AppLink to={localizedPath(locale, '/')} className="text-brand-700 hover:underline dark:text-brand-300">
          ← <FormattedMessage id="problem.back" />
        </AppLink>
      </p>
      <h1 className="sr-only">
        <FormattedMessage id="problem.heading" values={{ nickname: post.user.nickname }} />
      </h1>
      {editing ? (
        <EditPost
          post={post}
          onDone={(next) => {
            if (next) {
              setPost(next);
              setVersion((v) => v + 1);
            }
            setEditing(false);
          }}
        />
      ) : (
        <PostCard
          key={`${post.id}-${version}`}
          post={post}
          page
          onEdit={() => setEditing(true)}
          onRemoved={() => navigate(localizedPath(locale, '/'), { replace: true })}
        />
      )}
      <Comments
        key={post.id}
        postId={post.id}
        first={loaderData.comments}
        onCountChange={(by) => setPost((p) => ({ ...p, comments_count: Math.max(0, p.comments_count + by) }))}
      />
      {loaderData.related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="mb-3 text-lg font-semibold">
            <FormattedMessage id="problem.related" />
          </h2>
          <ul className="flex flex-col gap-4">
            {loaderData.related.map((p) => (
              <li key={p.id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
