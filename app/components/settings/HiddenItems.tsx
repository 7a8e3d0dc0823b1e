/**
 * What the person hid from their feeds (content preferences, decision 066): their hidden posts and moods, last hidden
 * first, a page at a time, each with Unhide. An item shown again leaves the list, the focus going to the one that
 * took its place, and the toast's Undo brings it back; the list follows the item store, so a hide or unhide in any
 * other view of the item shows here too.
 */
import { useState } from 'react';
import { localizedPath } from '../../../core/locales.ts';
import type { Mood, Paged, Post } from '../../../core/types.ts';
import { textDir } from '../../lib/direction.ts';
import { type HiddenKind, itemMark, useHiding } from '../../lib/hiding.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useItems } from '../../lib/items.ts';
import { usePaged } from '../../lib/paged.ts';
import { useSession } from '../../lib/session.tsx';
import { AppLink } from '../AppLink.tsx';
import { Author } from '../core/Author.tsx';
import { LoadMore } from '../LoadMore.tsx';
import { EmptyState } from '../Status.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';

/** A post's start, as much as a row shows. */
const EXCERPT = 200;

function Row({ kind, item }: { kind: HiddenKind; item: Post | Mood }) {
  const { locale } = useSession();
  const intl = useIntl();
  const setHidden = useHiding(kind);
  const [busy, setBusy] = useState(false);
  const text = item.content.length > EXCERPT ? `${item.content.slice(0, EXCERPT)}…` : item.content;

  async function unhide(button: HTMLElement) {
    setBusy(true);
    await setHidden(item, false, button);
    setBusy(false);
  }

  return (
    // tabIndex: the row takes the focus when the one above it is shown again (lib/keep-place.ts) or comes back by Undo.
    <li
      tabIndex={-1}
      className="flex flex-col gap-2 border-t border-stone-200 pt-3 first:border-t-0 first:pt-0 sm:flex-row sm:items-start dark:border-stone-800"
      {...itemMark(kind, item.id)}
    >
      <div className="min-w-0 flex-1">
        <Author user={item.user} at={item.created_at} size={24} />
        <p className="mt-1 whitespace-pre-line break-words" lang={item.language} dir={textDir(text, item.language)}>
          {kind === 'post' ? (
            <AppLink to={localizedPath(locale, `/problem/${item.id}`)} className="hover:underline">
              {text}
            </AppLink>
          ) : (
            <>
              {'feeling' in item && item.feeling ? <span aria-hidden="true">{`${item.feeling.emoji} `}</span> : null}
              {text}
            </>
          )}
        </p>
      </div>
      <Button
        size="sm"
        busy={busy}
        className="self-start"
        onClick={(e) => unhide(e.currentTarget)}
        aria-label={intl.formatMessage({ id: `settings.hidden.unhide_${kind}` }, { nickname: item.user.nickname })}
      >
        <FormattedMessage id="post.unhide" />
      </Button>
    </li>
  );
}

function HiddenList({
  kind,
  first,
  fetchPage,
}: {
  kind: HiddenKind;
  first: Paged<Post | Mood>;
  fetchPage: (page: number) => Promise<Paged<Post | Mood>>;
}) {
  const list = usePaged(first, fetchPage, `hidden-${kind}s`);
  // As every view shows them now: one shown again here or anywhere else leaves, one hidden again comes back.
  const items = useItems(kind, list.items).filter((item) => item.is_hidden);
  const headingId = `hidden-${kind}s-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        <FormattedMessage id={`settings.hidden.${kind}s_heading`} />
      </h3>
      {items.length === 0 && !list.hasMore ? (
        <EmptyState>
          <FormattedMessage id={`settings.hidden.${kind}s_empty`} />
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-busy={list.loading} data-testid={`hidden-${kind}s`}>
          {items.map((item) => (
            <Row key={item.id} kind={kind} item={item} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} />
    </section>
  );
}

export function HiddenItems({ posts, moods }: { posts: Paged<Post>; moods: Paged<Mood> }) {
  const { api } = useSession();
  return (
    <Panel as="section" padding="lg" aria-labelledby="hidden-heading">
      <h2 id="hidden-heading" className="font-semibold">
        <FormattedMessage id="settings.hidden.heading" />
      </h2>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="settings.hidden.intro" />
      </p>
      <HiddenList kind="post" first={posts} fetchPage={(page) => api.hiddenPosts(page)} />
      <HiddenList kind="mood" first={moods} fetchPage={(page) => api.hiddenMoods(page)} />
    </Panel>
  );
}
