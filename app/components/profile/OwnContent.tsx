/**
 * The profile's tabs of one's own content. Each tab is a link (`?tab=…`), so a tab works without JavaScript and
 * can be linked to; the loader reads the first page of the chosen tab only. The links form an ARIA tablist: one tab
 * in the Tab order, arrow keys (mirrored in right-to-left pages), Home and End move between tabs, Enter or Space opens one.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { localizedPath } from '../../../core/locales.ts';
import type { Mood, Paged, Post, Thought, Topic } from '../../../core/types.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { useVisible } from '../../lib/items.ts';
import { usePaged } from '../../lib/paged.ts';
import { revealOnFocus, useRevealCurrent } from '../../lib/reveal.ts';
import { useSession } from '../../lib/session.tsx';
import { AppLink } from '../AppLink.tsx';
import { MoodCard } from '../core/MoodCard.tsx';
import { ThoughtCard } from '../core/ThoughtCard.tsx';
import { TopicCard } from '../core/TopicCard.tsx';
import { LoadMore } from '../LoadMore.tsx';
import { RemovedItems, type ViolatingItem } from '../moderation/RemovedItems.tsx';
import { PostCard } from '../PostCard.tsx';
import { EmptyState } from '../Status.tsx';
import { buttonClass } from '../ui/Button.tsx';

export const PROFILE_TABS = ['posts', 'moods', 'topics', 'thoughts', 'favorites', 'removed'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const isProfileTab = (value: string | null): value is ProfileTab => PROFILE_TABS.includes(value as ProfileTab);

/** The first page of the chosen tab, as the loader read it. */
export type TabPage =
  | { tab: 'posts' | 'favorites'; page: Paged<Post> }
  | { tab: 'moods'; page: Paged<Mood> }
  | { tab: 'topics'; page: Paged<Topic> }
  | { tab: 'thoughts'; page: Paged<Thought> }
  | { tab: 'removed'; page: Paged<ViolatingItem> };

const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
const PANEL_ID = 'profile-tabpanel';

function TabList({ current }: { current: ProfileTab }) {
  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const tabs = [...event.currentTarget.parentElement!.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
    const at = tabs.indexOf(event.currentTarget);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    let to: number | null = null;
    if (event.key === forward) to = (at + 1) % tabs.length;
    else if (event.key === back) to = (at - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = tabs.length - 1;
    else if (event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
      return;
    }
    if (to === null) return;
    event.preventDefault();
    tabs[to].focus();
  }

  const listRef = useRevealCurrent<HTMLDivElement>(current);
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-labelledby="own-content-heading"
      className="flex scroll-px-2 gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800"
    >
      {PROFILE_TABS.map((tab) => {
        const selected = tab === current;
        return (
          <Link
            key={tab}
            id={tabId(tab)}
            role="tab"
            to={{ search: `?tab=${tab}` }}
            preventScrollReset
            replace
            aria-selected={selected}
            aria-controls={selected ? PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            onKeyDown={onKeyDown}
            onFocus={revealOnFocus}
            // The ring inside the tab: the scrolling tab list clips what reaches past it (as SiteHeader's links).
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap -outline-offset-2! ${
              selected
                ? 'border-brand-600 text-stone-900 dark:text-stone-100'
                : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100'
            }`}
          >
            <FormattedMessage id={`profile.tab.${tab}`} />
          </Link>
        );
      })}
    </div>
  );
}

/** Where an empty tab sends the person next. */
const NEXT_STEP: Record<Exclude<ProfileTab, 'removed'>, string> = {
  posts: '/',
  moods: '/mood',
  topics: '/topic',
  thoughts: '/thought',
  favorites: '/',
};

function Empty({ tab }: { tab: Exclude<ProfileTab, 'removed'> }) {
  const { locale } = useSession();
  return (
    <EmptyState
      action={
        <AppLink to={localizedPath(locale, NEXT_STEP[tab])} className={buttonClass('primary', 'sm')}>
          <FormattedMessage id={`profile.empty.${tab}_action`} />
        </AppLink>
      }
    >
      <FormattedMessage id={`profile.empty.${tab}`} />
    </EmptyState>
  );
}

function List<T extends { id: number }>({
  tab,
  items,
  list,
  render,
}: {
  tab: Exclude<ProfileTab, 'removed'>;
  items: T[];
  list: ReturnType<typeof usePaged<T>>;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0 && !list.hasMore) return <Empty tab={tab} />;
  return (
    <>
      <ol className="flex flex-col gap-3" aria-busy={list.loading} data-testid={`profile-list-${tab}`}>
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ol>
      <LoadMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={list.loadMore} />
    </>
  );
}

function PostsTab({ tab, first }: { tab: 'posts' | 'favorites'; first: Paged<Post> }) {
  const { api } = useSession();
  const list = usePaged(first, (page) => (tab === 'posts' ? api.ownPosts(page) : api.favoritePosts(page)), tab);
  const items = useVisible('post', list.items);
  // Taking a post out of one's favorites does not remove it anywhere else; here it leaves the list.
  const shown = tab === 'favorites' ? items.filter((p) => p.is_favorited) : items;
  return <List tab={tab} items={shown} list={list} render={(p) => <PostCard post={p} heading={3} />} />;
}

function MoodsTab({ first }: { first: Paged<Mood> }) {
  const { api } = useSession();
  const list = usePaged(first, (page) => api.ownMoods(page), 'moods');
  const items = useVisible('mood', list.items);
  return <List tab="moods" items={items} list={list} render={(m) => <MoodCard mood={m} heading={3} />} />;
}

function TopicsTab({ first }: { first: Paged<Topic> }) {
  const { api, locale } = useSession();
  const list = usePaged(first, (page) => api.ownTopics(page), 'topics');
  return <List tab="topics" items={list.items} list={list} render={(t) => <TopicCard topic={t} locale={locale} heading={3} compact />} />;
}

function ThoughtsTab({ first }: { first: Paged<Thought> }) {
  const { api } = useSession();
  const list = usePaged(first, (page) => api.ownThoughts(page), 'thoughts');
  const items = useVisible('thought', list.items);
  return <List tab="thoughts" items={items} list={list} render={(t) => <ThoughtCard thought={t} heading={3} />} />;
}

function TabContent({ current }: { current: TabPage }) {
  switch (current.tab) {
    case 'posts':
    case 'favorites':
      return <PostsTab key={current.tab} tab={current.tab} first={current.page} />;
    case 'moods':
      return <MoodsTab first={current.page} />;
    case 'topics':
      return <TopicsTab first={current.page} />;
    case 'thoughts':
      return <ThoughtsTab first={current.page} />;
    case 'removed':
      return <RemovedItems first={current.page} />;
  }
}

export function OwnContent({ current }: { current: TabPage }) {
  const navigation = useNavigation();
  const location = useLocation();
  // Another tab of this page is loading: the panel says so until its first page arrives.
  const switching = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  return (
    <section className="mt-8" aria-labelledby="own-content-heading">
      <h2 id="own-content-heading" className="mb-2 text-lg font-semibold">
        <FormattedMessage id="profile.tabs_label" />
      </h2>
      <TabList current={current.tab} />
      <div
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={tabId(current.tab)}
        aria-busy={switching}
        className={`pt-4 transition-opacity ${switching ? 'opacity-50' : ''}`}
      >
        <TabContent current={current} />
      </div>
    </section>
  );
}
