/** A post's comments: oldest first, replies one level deep, votes, and the author's edit and delete. */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CommentAnchor } from '../../../core/comment-anchor.ts';
import { LIMITS, REPLIES_SHOWN } from '../../../core/limits.ts';
import type { Comment, Paged, Post } from '../../../core/types.ts';
import { useBoxDir } from '../../lib/direction.ts';
import { useDraft } from '../../lib/draft.ts';
import { editDraft, useEditing } from '../../lib/editing.ts';
import { entryMemory } from '../../lib/entries.ts';
import { FormattedMessage, FormattedNumber, useIntl } from '../../lib/intl.tsx';
import { removeItem, updateItem, useAuthorsRemoved, useItem, useVisible } from '../../lib/items.ts';
import { keepPlace } from '../../lib/keep-place.ts';
import { usePaged } from '../../lib/paged.ts';
import { useSession } from '../../lib/session.tsx';
import { useSignIn } from '../../lib/signin.tsx';
import { useToast } from '../../lib/toast.tsx';
import { commentVote, useToggle } from '../../lib/toggles.ts';
import { CrisisNotice } from '../crisis/CrisisNotice.tsx';
import { useCrisisCheck } from '../crisis/useCrisisCheck.ts';
import { UnderReview } from '../moderation/UnderReview.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Author } from './Author.tsx';
import { ReportDialog, reportedMarkId } from './dialogs.tsx';
import { errorMessage, fieldErrors } from './errors.ts';
import { OwnerActions } from './OwnerActions.tsx';
import { RichText } from './RichText.tsx';

const small = buttonClass('ghost', 'xs');

/** The first of each id: a page of replies fetched later repeats the ones that came with the comment. */
function withoutRepeats(comments: Comment[]): Comment[] {
  const seen = new Set<number>();
  return comments.filter((c) => !seen.has(c.id) && seen.add(c.id));
}

/** A text box that sends a comment or reply and clears itself on success; a new one keeps its draft. */
function CommentForm({
  label,
  onSend,
  onCancel,
  initial = '',
  draft = null,
  focus = false,
}: {
  label: string;
  /** The box takes the focus when shown (an edit: the person pressed Edit to write in it). */
  focus?: boolean;
  onSend: (text: string) => Promise<void>;
  onCancel?: () => void;
  initial?: string;
  draft?: string | null;
}) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useDraft(draft, initial);
  const dir = useBoxDir(text);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const crisis = useCrisisCheck(text);
  const box = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form is shown.
  useEffect(() => {
    if (focus) box.current?.focus();
  }, []);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    // A new comment's box stays; a reply's or an edit's closes (onCancel), and the page shows the notice.
    crisis.sent(text, { closes: Boolean(onCancel) });
    try {
      await onSend(text);
      setText('');
    } catch (err) {
      setError(fieldErrors(err).content ?? errorMessage(err, intl));
    } finally {
      setSending(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        data-draft={draft ?? undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={LIMITS.comment * 2}
        rows={2}
        dir={dir}
        placeholder={label}
        aria-invalid={Boolean(error)}
        className="rounded-xl border border-stone-300 p-2 dark:border-stone-600 dark:bg-stone-800"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <CrisisNotice check={crisis} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button onClick={onCancel} variant="ghost" size="sm">
            <FormattedMessage id="common.cancel" />
          </Button>
        ) : null}
        {/* Busy, not disabled, while sending: a refusal leaves the focus on it, as in the other composers. */}
        <Button type="submit" busy={sending} disabled={!text.trim()} variant="primary" size="sm">
          <FormattedMessage id="comments.send" />
        </Button>
      </div>
    </form>
  );
}

/** A comment's post counts every comment and reply (the server's comments_count). */
const countOnPost = (postId: number, by: number) =>
  updateItem('post', postId, (post) => ({ comments_count: Math.max(0, post.comments_count + by) }));

/** The comment's box, which a notification's address brings into view (decision 075). */
const boxId = (id: number) => `comment-${id}`;

/** How long the comment a notification opened at stays marked: long enough to be seen after the scroll. */
const MARKED_MS = 3000;

/** The history entries that were opened at their comment once: Back to one keeps the place the reader left. */
const anchored = entryMemory<true>();

/**
 * `focus`: the reader just sent this comment. Sending empties or closes the form and disables its button, which
 * drops the focus to the top of the page; it lands on the new comment instead, so the reader hears what they
 * wrote and goes on from there.
 */
function CommentItem({
  comment: initial,
  focus = false,
  marked = null,
  thread = null,
}: {
  comment: Comment;
  focus?: boolean;
  /** The comment or reply the page was opened at, marked for a moment. */
  marked?: number | null;
  /** Its replies' pages the loader read to reach a reply it was opened at. */
  thread?: Paged<Comment>[] | null;
}) {
  const { api, user, locale } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const comment = useItem('comment', initial);
  const toggle = useToggle('comment', comment.id);
  /** Replies beyond the first three that came with the comment: fetched pages and the reader's own. */
  const [more, setMore] = useState<Comment[]>(() => thread?.flatMap((p) => p.data) ?? []);
  const replies = useVisible('comment', withoutRepeats([...comment.replies, ...more]));
  const [moreReplies, setMoreReplies] = useState<Paged<Comment> | null>(() => thread?.at(-1) ?? null);
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const [reporting, setReporting] = useState(false);
  const [sentReply, setSentReply] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const edit = useEditing(() => box.current, comment.is_mine ? editDraft('comment', comment.id) : null, comment.content);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);

  const vote = (value: -1 | 1) => toggle(commentVote(api), comment.my_vote === value ? 0 : value);

  async function loadReplies() {
    const page = moreReplies ? moreReplies.meta.current_page + 1 : 1;
    try {
      const res = await api.commentReplies(comment.id, page);
      setMoreReplies(res);
      setMore((rs) => [...rs, ...res.data]);
    } catch (err) {
      toast.failed(err);
    }
  }

  async function remove() {
    try {
      await api.deleteComment(comment.id);
      keepPlace(box.current);
      removeItem('comment', comment.id);
      // The server removed its replies with it.
      countOnPost(comment.post_id, -1 - comment.replies_count);
      const parent = comment.parent_id;
      if (parent !== null) updateItem('comment', parent, (c) => ({ replies_count: Math.max(0, c.replies_count - 1) }));
      // Said in the polite status region: the focus has moved on to the next comment.
      toast.success(intl.formatMessage({ id: 'comments.deleted' }));
    } catch (err) {
      toast.failed(err);
    }
  }

  const shownAll = moreReplies ? moreReplies.meta.current_page >= moreReplies.meta.last_page : replies.length >= comment.replies_count;
  return (
    <li className="flex flex-col gap-2">
      {/* Marked by a ring (a shadow): it takes no room, so nothing moves when it comes and goes. */}
      <div
        ref={box}
        id={boxId(comment.id)}
        tabIndex={-1}
        data-marked={marked === comment.id || undefined}
        className={`rounded-xl bg-stone-50 p-3 transition-shadow duration-700 dark:bg-stone-800/60 ${
          marked === comment.id ? 'ring-2 ring-brand-500' : ''
        }`}
      >
        <UnderReview show={comment.under_review} />
        <Author user={comment.user} at={comment.created_at} size={24} />
        {edit.editing ? (
          <div className="mt-2">
            <CommentForm
              label={intl.formatMessage({ id: 'comments.edit_label' })}
              initial={comment.content}
              draft={edit.draft}
              focus={edit.pressed}
              onCancel={edit.stop}
              onSend={async (text) => {
                const res = await api.updateComment(comment.id, text);
                updateItem('comment', comment.id, () => ({ content: res.data.content, language: res.data.language }));
                edit.stop();
              }}
            />
          </div>
        ) : (
          <RichText text={comment.content} locale={locale} language={comment.language} className="mt-1" />
        )}
        <div className="mt-1 flex flex-wrap items-center gap-1 text-sm text-stone-600 dark:text-stone-300">
          <button
            type="button"
            className={small}
            aria-pressed={comment.my_vote === 1}
            onClick={() => vote(1)}
            aria-label={intl.formatMessage({ id: 'comments.vote_up' })}
          >
            ▲
          </button>
          <span aria-hidden="true">
            <FormattedNumber value={comment.votes_score} />
          </span>
          <span className="sr-only">
            <FormattedMessage id="comments.score" values={{ score: comment.votes_score }} />
          </span>
          <button
            type="button"
            className={small}
            aria-pressed={comment.my_vote === -1}
            onClick={() => vote(-1)}
            aria-label={intl.formatMessage({ id: 'comments.vote_down' })}
          >
            ▼
          </button>
          {comment.parent_id === null ? (
            <button ref={replyButton} type="button" className={small} onClick={() => (user ? setReplying(true) : signIn.open())}>
              <FormattedMessage id="comments.reply" />
            </button>
          ) : null}
          {comment.is_mine ? (
            <OwnerActions
              buttonClass={small}
              onEdit={edit.start}
              onDelete={remove}
              deleteTitle={<FormattedMessage id="comments.delete_title" />}
            />
          ) : comment.reported ? (
            // One report each: a second would only be refused once its form was filled.
            <span id={reportedMarkId('comment', comment.id)} className="px-2 py-1 text-sm">
              <FormattedMessage id="comments.reported" />
            </span>
          ) : (
            <button type="button" className={small} onClick={() => (user ? setReporting(true) : signIn.open())}>
              <FormattedMessage id="post.report" />
            </button>
          )}
        </div>
      </div>
      {replies.length > 0 || replying ? (
        <ul className="flex flex-col gap-2 border-s-2 border-stone-200 ps-4 dark:border-stone-700">
          {replies.map((r) => (
            <CommentItem key={r.id} comment={r} focus={r.id === sentReply} marked={marked} />
          ))}
          {!shownAll ? (
            <li>
              <Button variant="link" className="text-sm" onClick={loadReplies}>
                <FormattedMessage id="comments.more_replies" />
              </Button>
            </li>
          ) : null}
          {replying ? (
            <li>
              <CommentForm
                label={intl.formatMessage({ id: 'comments.reply_label' }, { name: comment.user.nickname })}
                draft={`reply:${comment.id}`}
                // The person pressed Reply to write: the box takes the focus, and Cancel gives it back to Reply.
                focus
                onCancel={() => {
                  replyButton.current?.focus();
                  setReplying(false);
                }}
                onSend={async (text) => {
                  const res = await api.replyTo(comment.id, text);
                  setMore((rs) => [...rs, res.data]);
                  setSentReply(res.data.id);
                  // Among the replies that come with the comment when it had room for one more, as the server
                  // would send it: the comment kept for Back (lib/paged.ts) then shows it, not "more replies".
                  updateItem('comment', comment.id, (c) => ({
                    replies_count: c.replies_count + 1,
                    ...(c.replies.length === c.replies_count && c.replies.length < REPLIES_SHOWN
                      ? { replies: [...c.replies, res.data] }
                      : {}),
                  }));
                  countOnPost(comment.post_id, 1);
                  setReplying(false);
                }}
              />
            </li>
          ) : null}
        </ul>
      ) : null}
      {reporting ? (
        <ReportDialog
          target="comment"
          id={comment.id}
          onClose={() => setReporting(false)}
          onReported={() => updateItem('comment', comment.id, () => ({ reported: true as const }))}
          onGone={() => {
            keepPlace(box.current);
            removeItem('comment', comment.id);
            // Gone on the server too (deleted, removed): the post counts it no longer.
            countOnPost(comment.post_id, -1 - comment.replies_count);
          }}
        />
      ) : null}
    </li>
  );
}

export function Comments({
  post,
  first,
  anchor = null,
  thread = null,
}: {
  post: Post;
  /** The pages the loader read: the first, or those up to the comment the page was opened at. */
  first: Paged<Comment>[] | null;
  /** The comment (or reply) a notification opened the page at, when the loader found it. */
  anchor?: (CommentAnchor & { found: boolean }) | null;
  /** That comment's replies' pages, read to reach a reply past the first ones. */
  thread?: Paged<Comment>[] | null;
}) {
  const { api, draftOwner } = useSession();
  const signIn = useSignIn();
  const intl = useIntl();
  const { key } = useLocation();
  // Named, so Back to the post shows the comments loaded with "More comments" and the reader's own (decision 059).
  const postId = post.id;
  const list = usePaged(first, (page) => api.postComments(postId, page), 'comments');
  // The same count as the post's own (every comment and reply), kept in step by countOnPost: the heading once said
  // "1 comment" under a post saying "2 comments", counting threads only.
  const { comments_count: count } = useItem('post', post);
  // Someone blocked here: their comments and replies left the page, and how many the post had (on pages not loaded
  // too) only the server knows; the heading and the post's own count take its word.
  const blocked = useAuthorsRemoved();
  const blockedBefore = useRef(blocked);
  useEffect(() => {
    if (blocked === blockedBefore.current) return;
    blockedBefore.current = blocked;
    api
      .post(postId)
      .then(({ data }) => updateItem('post', postId, () => ({ comments_count: data.comments_count })))
      .catch(() => {});
  }, [blocked, api, postId]);
  const [sent, setSent] = useState<number | null>(null);
  const [marked, setMarked] = useState<number | null>(null);
  const shown = useVisible('comment', list.items);

  // Opened at a comment (decision 075): it is brought into view, takes the focus, so a screen reader starts there,
  // and is marked for a moment. This runs after NavigationFeedback's move of the focus to <main> (it comes before the
  // page's content in the tree, and React runs effects in tree order), so the comment keeps it. Once per entry.
  useEffect(() => {
    if (!anchor?.found || anchored.get(key)) return;
    anchored.set(key, true);
    const target = anchor.reply ?? anchor.comment;
    const box = document.getElementById(boxId(target));
    if (!box) return;
    box.scrollIntoView({ block: 'center' });
    box.focus({ preventScroll: true });
    setMarked(target);
  }, [anchor, key]);
  useEffect(() => {
    if (marked === null) return;
    const timer = setTimeout(() => setMarked(null), MARKED_MS);
    return () => clearTimeout(timer);
  }, [marked]);

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-8 scroll-mt-20">
      <h2 id="comments-heading" className="mb-3 text-lg font-semibold">
        <FormattedMessage id="comments.heading" values={{ count }} />
      </h2>
      {/* Also while the session has expired: the words stay in the box, and sending says to sign in again. */}
      {draftOwner !== null ? (
        <CommentForm
          label={intl.formatMessage({ id: 'comments.label' })}
          draft={`comment:${postId}`}
          onSend={async (text) => {
            const res = await api.addComment(postId, text);
            list.add(res.data);
            setSent(res.data.id);
            countOnPost(postId, 1);
          }}
        />
      ) : (
        <Button onClick={signIn.open} variant="secondary">
          <FormattedMessage id="comments.sign_in" />
        </Button>
      )}
      {first === null ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          <FormattedMessage id="comments.load_failed" />
        </p>
      ) : shown.length === 0 ? (
        // data-empty-state: the focus comes here when the reader deletes the last comment (lib/keep-place.ts).
        <p data-empty-state className="mt-4 text-stone-600 dark:text-stone-400">
          <FormattedMessage id="comments.empty" />
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {shown.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              focus={c.id === sent}
              marked={marked}
              thread={anchor?.found && anchor.comment === c.id ? thread : null}
            />
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <div className="mt-4 text-center">
          <Button onClick={list.loadMore} busy={list.loading} variant="secondary">
            <FormattedMessage id={list.loading ? 'common.loading' : list.failed ? 'common.retry' : 'comments.more'} />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
