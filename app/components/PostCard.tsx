/**
 * A problem post: author, text with linked #tags, its poll, and what a reader can do with it. Its state is the
 * post's one state in the item store (app/lib/items.ts), so every view of the post shows each action; support,
 * favorite and the switches change at once, queue quick repeated clicks, and roll back if the server refuses.
 * The author also edits, deletes and switches share, advice and notifications off on the post's own page.
 */
import { useRef, useState } from 'react';
import { localizedPath } from '../../core/locales.ts';
import type { Post } from '../../core/types.ts';
import { focusFromScript } from '../lib/focus.ts';
import { itemMark, useHiding } from '../lib/hiding.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { removeItem, useItem, useToggling } from '../lib/items.ts';
import { keepPlace } from '../lib/keep-place.ts';
import { useSession } from '../lib/session.tsx';
import { useSignIn } from '../lib/signin.tsx';
import { useToast } from '../lib/toast.tsx';
import { favorite, POST_SWITCHES, postSwitch, support, useToggle } from '../lib/toggles.ts';
import { AppLink } from './AppLink.tsx';
import { Author } from './core/Author.tsx';
import { CardHeading, type HeadingLevel } from './core/CardHeading.tsx';
import { ReportDialog } from './core/dialogs.tsx';
import { HiddenNotice } from './core/HiddenNotice.tsx';
import { OwnerActions } from './core/OwnerActions.tsx';
import { PollView } from './core/PollView.tsx';
import { RichText } from './core/RichText.tsx';
import { UnderReview } from './moderation/UnderReview.tsx';
import { buttonClass } from './ui/Button.tsx';
import { Panel } from './ui/Panel.tsx';

const button = buttonClass('ghost', 'action');

export function PostCard({
  post: initial,
  page = false,
  heading = 2,
  onRemoved,
  onEdit,
}: {
  post: Post;
  /** On the post's own page: full actions for the author, no link to itself, and no heading (the page has its h1). */
  page?: boolean;
  heading?: HeadingLevel;
  /** The reader deleted the post, or reported it away (every list already leaves it out). A hidden post stays on its page. */
  onRemoved?: (message?: { title: string; description?: string }) => void;
  onEdit?: () => void;
}) {
  const { api, user, locale } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  const intl = useIntl();
  const post = useItem('post', initial);
  const toggle = useToggle('post', post.id);
  // While the server has not confirmed the reader's last click; what the button shows is already that click.
  const supporting = useToggling('post', post.id, support(api));
  const favoriting = useToggling('post', post.id, favorite(api));
  const [reporting, setReporting] = useState(false);
  const [hiding, setHiding] = useState(false);
  const setHidden = useHiding('post');
  const card = useRef<HTMLElement>(null);
  const href = localizedPath(locale, `/problem/${post.id}`);

  const toggleSupport = () => toggle(support(api), !post.is_supported);
  const toggleFavorite = () => toggle(favorite(api), !post.is_favorited);
  const flip = (which: keyof typeof POST_SWITCHES) => toggle(postSwitch(api, which), !post[POST_SWITCHES[which]]);

  /** The post leaves every list, and the focus goes to the one that took its place. */
  function leave() {
    keepPlace(card.current);
    removeItem('post', post.id);
  }

  /**
   * Hide leaves every list, the focus going to the card that took its place; on the post's own page the card stays and
   * says it is hidden. The footer's button turns into Unhide, keeping the focus; the notice's Unhide leaves with the
   * notice, and the focus goes to the card.
   */
  async function changeHidden(hidden: boolean, from: 'footer' | 'notice') {
    if (hiding) return;
    setHiding(true);
    const done = await setHidden(post, hidden, hidden && !page ? card.current : null);
    setHiding(false);
    if (done && from === 'notice' && card.current) focusFromScript(card.current);
  }

  async function share() {
    const url = new URL(href, window.location.origin).toString();
    try {
      if (navigator.share) await navigator.share({ url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success(intl.formatMessage({ id: 'post.link_copied' }));
      }
    } catch {
      // The person closed the share sheet: nothing to report.
    }
  }

  async function remove() {
    try {
      const res = await api.deletePost(post.id);
      leave();
      onRemoved?.({ title: res.message, description: res.description });
      toast.success(res.message, res.description);
    } catch (err) {
      toast.failed(err);
    }
  }

  return (
    // tabIndex: the "new posts" pill moves the focus to the first card of the reloaded list.
    <Panel
      ref={card}
      as="article"
      aria-labelledby={page ? `post-${post.id}-by` : `post-${post.id}-heading`}
      tabIndex={-1}
      raised
      {...itemMark('post', post.id)}
    >
      {page ? null : (
        <CardHeading id={`post-${post.id}-heading`} level={heading}>
          <FormattedMessage id="problem.heading" values={{ nickname: post.user.nickname }} />
        </CardHeading>
      )}
      {post.is_hidden ? <HiddenNotice kind="post" busy={hiding} onUnhide={() => changeHidden(false, 'notice')} /> : null}
      <header id={`post-${post.id}-by`} className="mb-2">
        <UnderReview show={post.under_review} />
        <Author user={post.user} at={post.created_at} feeling={post.feeling} />
      </header>
      <div lang={post.language}>
        {page ? (
          <RichText text={post.content} tags={post.tags} locale={locale} language={post.language} className="text-lg" />
        ) : (
          <AppLink to={href} className="block hover:opacity-90">
            <RichText
              text={post.content.length > 600 ? `${post.content.slice(0, 600)}…` : post.content}
              locale={locale}
              language={post.language}
            />
          </AppLink>
        )}
      </div>
      {post.tags.length > 0 && !page ? (
        <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={intl.formatMessage({ id: 'post.tags' })}>
          {post.tags.map((t) => (
            <li key={t.id}>
              <AppLink to={localizedPath(locale, `/tag/${t.id}`)} className="text-brand-700 hover:underline dark:text-brand-100" dir="auto">
                {`#${t.name}`}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
      {post.poll ? <PollView poll={post.poll} /> : null}
      <footer className="mt-3 flex flex-wrap items-center gap-1 text-sm text-stone-700 dark:text-stone-300">
        <button type="button" className={button} aria-pressed={post.is_supported} aria-busy={supporting} onClick={toggleSupport}>
          <span aria-hidden="true">{post.is_supported ? '💜' : '🤍'}</span>
          <FormattedMessage id="post.support" />
          <span className="text-stone-500 dark:text-stone-400">
            <FormattedMessage id="post.supports_count" values={{ count: post.supports_count }} />
          </span>
        </button>
        {page ? (
          <span className="px-3 py-1.5">
            <FormattedMessage id="post.comments" values={{ count: post.comments_count }} />
          </span>
        ) : (
          <AppLink to={`${href}#comments`} className={button}>
            <span aria-hidden="true">💬</span>
            <FormattedMessage id="post.comments" values={{ count: post.comments_count }} />
          </AppLink>
        )}
        <button type="button" className={button} aria-pressed={post.is_favorited} aria-busy={favoriting} onClick={toggleFavorite}>
          <span aria-hidden="true">{post.is_favorited ? '★' : '☆'}</span>
          <FormattedMessage id="post.favorite" />
        </button>
        {post.share_disabled ? null : (
          <button type="button" className={button} onClick={share}>
            <FormattedMessage id="post.share" />
          </button>
        )}
        {post.is_mine ? null : (
          <>
            <button type="button" className={button} aria-busy={hiding} onClick={() => changeHidden(!post.is_hidden, 'footer')}>
              <FormattedMessage id={post.is_hidden ? 'post.unhide' : 'post.hide'} />
            </button>
            <button type="button" className={button} onClick={() => (user ? setReporting(true) : signIn.open())}>
              <FormattedMessage id="post.report" />
            </button>
          </>
        )}
        {page && post.is_mine ? (
          <OwnerActions
            buttonClass={button}
            onEdit={onEdit}
            onDelete={remove}
            deleteTitle={<FormattedMessage id="post.delete_title" />}
            deleteText={<FormattedMessage id="post.delete_text" />}
          />
        ) : null}
      </footer>
      {page && post.is_mine ? (
        <fieldset className="mt-3 flex flex-wrap gap-x-4 gap-y-1 border-t border-stone-200 pt-3 text-sm dark:border-stone-800">
          <legend className="sr-only">
            <FormattedMessage id="post.switches" />
          </legend>
          {(
            [
              ['disable-share', 'share_disabled', 'post.switch_share'],
              ['disable-advice', 'advice_disabled', 'post.switch_advice'],
              ['disable-post-notification', 'notifications_disabled', 'post.switch_notifications'],
            ] as const
          ).map(([which, field, label]) => (
            <label key={which} className="flex items-center gap-2">
              <input type="checkbox" checked={!post[field]} onChange={() => flip(which)} />
              <FormattedMessage id={label} />
            </label>
          ))}
        </fieldset>
      ) : null}
      {reporting ? (
        <ReportDialog
          target="post"
          id={post.id}
          onClose={() => setReporting(false)}
          onGone={() => {
            leave();
            onRemoved?.();
          }}
        />
      ) : null}
    </Panel>
  );
}
