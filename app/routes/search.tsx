/**
 * Search (default layout) across posts, moods, topics, thoughts and tags, through GET /api/search. Everything the
 * screen needs is in its address (`?q=&type=&page=`): the form is a plain GET form, the type tabs and the pages
 * are links, so the whole search works before (or without) JavaScript, and the server renders each state. Signed
 * in, the screen lists the person's recent searches while nothing is asked, each removable, all clearable.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import type { RecentSearch, SearchPage, SearchResult } from '../../core/schemas/search.ts';
import { SEARCH_COUNT_CAP, SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchType } from '../../core/search.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Author } from '../components/core/Author.tsx';
import { langOf } from '../components/core/RichText.tsx';
import { UnderReview } from '../components/moderation/UnderReview.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button, buttonClass } from '../components/ui/Button.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { serverContext } from '../lib/context.ts';
import { textDir } from '../lib/direction.ts';
import { focusFromScript } from '../lib/focus.ts';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { keepPlace } from '../lib/keep-place.ts';
import { pageMeta } from '../lib/meta.ts';
import { revealOnFocus, useRevealCurrent } from '../lib/reveal.ts';
import { optional, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useToast } from '../lib/toast.tsx';
import type { Route } from './+types/search';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The query as the API takes it: trimmed, at most SEARCH_QUERY_MAX characters (a longer address is cut, not refused). */
function boundedQuery(raw: string | null): string {
  const text = (raw ?? '').trim().slice(0, SEARCH_QUERY_MAX * 8);
  return Array.from(graphemes.segment(text), (g) => g.segment)
    .slice(0, SEARCH_QUERY_MAX)
    .join('')
    .trim();
}

const isType = (value: string | null): value is SearchType => (SEARCH_TYPES as readonly string[]).includes(value ?? '');

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = boundedQuery(params.get('q'));
  const rawType = params.get('type');
  const type: SearchType = isType(rawType) ? rawType : 'all';
  const page = Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), 100_000);
  const api = loaderApi(context);
  const signedIn = Boolean(context.get(serverContext).csrfToken);
  const results = q ? await required(request, api.search(q, type, page)) : null;
  // The list of recent searches is a help beside the form; the screen is whole without it.
  const recent =
    signedIn && !q
      ? await optional(
          api.recentSearches().then((r) => r.data),
          null,
        )
      : null;
  return { q, type, page, results, recent };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'search');

/** The screen's address for a query, a type and a page. */
function searchHref(locale: string, q: string, type: SearchType, page = 1): string {
  const params = new URLSearchParams({ q });
  if (type !== 'all') params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `${localizedPath(locale, '/search')}?${params}`;
}

const TYPE_LABEL: Record<SearchType, string> = {
  all: 'search.type.all',
  posts: 'search.type.posts',
  moods: 'nav.moods',
  topics: 'nav.topics',
  thoughts: 'nav.thoughts',
  tags: 'search.type.tags',
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { locale } = useSession();
  const navigation = useNavigation();
  const { q, type, results, recent } = loaderData;
  const searching = navigation.state !== 'idle' && navigation.location?.pathname.endsWith('/search');
  // The visitor's words keep their own direction inside a translated sentence.
  const query = <bdi className="wrap-anywhere">{q}</bdi>;
  // One field for every query, so Enter keeps the focus and the caret in it (a field rebuilt per query, as `key={q}`
  // did, dropped the focus to the page's start, decision 073). A query reached another way (a recent search, Back)
  // is written into it; the words just searched for are left as typed.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = field.current;
    if (input && boundedQuery(input.value) !== q) input.value = q;
  }, [q]);

  return (
    <>
      <PageHeading intro={<FormattedMessage id="search.intro" />}>
        <FormattedMessage id="search.heading" />
      </PageHeading>
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="search-q" className="sr-only">
          <FormattedMessage id="search.field_label" />
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          ref={field}
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX * 2}
          required
          dir="auto"
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 dark:border-stone-700 dark:bg-stone-900"
        />
        {type === 'all' ? null : <input type="hidden" name="type" value={type} />}
        <Button type="submit" busy={searching} variant="primary" size="lg">
          <FormattedMessage id="search.submit" />
        </Button>
      </Form>
      {!results ? (
        recent && recent.length > 0 ? (
          <RecentSearches list={recent} locale={locale} />
        ) : null
      ) : (
        <>
          <TypeTabs q={q} current={type} counts={results.counts} locale={locale} />
          {/* After a search in the page (no reload), screen readers hear how many results came, not all of them. */}
          <p role="status" className="sr-only">
            {results.data.length === 0 ? (
              <FormattedMessage id="search.none" values={{ query }} />
            ) : (
              <FormattedMessage
                id={atCap(type, results.counts) ? 'search.result_count_at_least' : 'search.result_count'}
                values={{ count: results.meta.total, query }}
              />
            )}
          </p>
          <div aria-busy={searching}>
            {results.data.length === 0 ? (
              <NoResults q={q} type={type} counts={results.counts} locale={locale} />
            ) : (
              <section aria-labelledby="search-results">
                <h2 id="search-results" className="mb-3 font-semibold">
                  <FormattedMessage
                    id={atCap(type, results.counts) ? 'search.result_count_at_least' : 'search.result_count'}
                    values={{ count: results.meta.total, query }}
                  />
                </h2>
                {results.fuzzy ? (
                  <p className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                    <FormattedMessage id="search.fuzzy" values={{ query }} />
                  </p>
                ) : null}
                <ol className="flex flex-col gap-4">
                  {results.data.map((r) => (
                    <li key={`${r.type}-${r.item.id}`}>
                      <ResultCard result={r} locale={locale} />
                    </li>
                  ))}
                </ol>
                <Pages q={q} type={type} meta={results.meta} locale={locale} />
              </section>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** Whether a count reached the cap, where the server stops counting (it then means "this many or more"). */
function atCap(type: SearchType, counts: SearchPage['counts']): boolean {
  const kinds = type === 'all' ? (['posts', 'moods', 'topics', 'thoughts', 'tags'] as const) : [type];
  return kinds.some((k) => counts[k] >= SEARCH_COUNT_CAP);
}

function TypeTabs({ q, current, counts, locale }: { q: string; current: SearchType; counts: SearchPage['counts']; locale: string }) {
  const intl = useIntl();
  const listRef = useRevealCurrent<HTMLElement>(current);
  return (
    <nav ref={listRef} aria-label={intl.formatMessage({ id: 'search.tabs' })} className="mb-4 scroll-px-2 overflow-x-auto">
      <ul className="flex gap-2 pb-1">
        {SEARCH_TYPES.map((t) => {
          const n = counts[t];
          const active = t === current;
          return (
            <li key={t} className="shrink-0">
              <AppLink
                to={searchHref(locale, q, t)}
                aria-current={active ? 'page' : undefined}
                onFocus={revealOnFocus}
                // The ring inside the pill: the scrolling list clips what reaches past it (as SiteHeader's links).
                className={buttonClass(active ? 'primary' : 'secondary', 'sm', 'inline-flex items-center gap-1.5 -outline-offset-2!')}
              >
                <FormattedMessage id={TYPE_LABEL[t]} />
                <span className="tabular-nums">{`${intl.formatNumber(n)}${atCap(t, counts) ? '+' : ''}`}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Text with the matched parts in <mark>; every part is rendered as text. */
function Marked({ parts, limit = 400 }: { parts: { text: string; match: boolean }[]; limit?: number }) {
  const out: { text: string; match: boolean }[] = [];
  let used = 0;
  for (const p of parts) {
    if (used >= limit) break;
    const text = p.text.length > limit - used ? `${p.text.slice(0, limit - used)}…` : p.text;
    used += p.text.length;
    out.push({ text, match: p.match });
  }
  return (
    <>
      {out.map((p, i) =>
        p.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-stone-900 dark:bg-amber-300 dark:text-stone-900">
            {p.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

const KIND_LABEL: Record<SearchResult['type'], string> = {
  post: 'search.kind.post',
  mood: 'search.kind.mood',
  topic: 'search.kind.topic',
  thought: 'search.kind.thought',
  tag: 'search.kind.tag',
};

function hrefOf(r: SearchResult, locale: string): string | null {
  if (r.type === 'post') return localizedPath(locale, `/problem/${r.item.id}`);
  if (r.type === 'topic') return localizedPath(locale, `/topic/${r.item.id}`);
  if (r.type === 'thought') return localizedPath(locale, `/thought/${r.item.id}`);
  if (r.type === 'tag') return localizedPath(locale, `/tag/${r.item.id}`);
  // A mood has no page of its own; it is read in the list of moods.
  return null;
}

function ResultCard({ result: r, locale }: { result: SearchResult; locale: string }) {
  const intl = useIntl();
  const href = hrefOf(r, locale);
  const headingId = `result-${r.type}-${r.item.id}`;
  const label = (
    <span className="me-2 inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-200">
      <FormattedMessage id={KIND_LABEL[r.type]} />
    </span>
  );
  if (r.type === 'tag') {
    return (
      <Panel as="article" aria-labelledby={headingId} raised>
        <h3 id={headingId} className="flex flex-wrap items-center gap-1">
          {label}
          <AppLink
            to={localizedPath(locale, `/tag/${r.item.id}`)}
            className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
            dir="auto"
          >
            #<Marked parts={r.highlight.name ?? []} />
          </AppLink>
          <span className="text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="tag.count" values={{ count: r.item.posts_count }} />
          </span>
        </h3>
      </Panel>
    );
  }
  const language = langOf(r.item.language);
  const dir = textDir(r.type === 'topic' ? `${r.item.title}\n${r.item.description}` : r.item.content, r.item.language);
  const body =
    r.type === 'topic' ? (
      <>
        <span className="block font-semibold">
          <Marked parts={r.highlight.title ?? []} />
        </span>
        <span className="mt-1 block text-stone-700 dark:text-stone-300">
          <Marked parts={r.highlight.description ?? []} limit={240} />
        </span>
      </>
    ) : (
      <span className="block whitespace-pre-line break-words">
        <Marked parts={r.highlight.content ?? []} />
      </span>
    );
  return (
    <Panel as="article" aria-labelledby={headingId} raised>
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="sr-only">
          {`${intl.formatMessage({ id: KIND_LABEL[r.type] })}: ${r.item.user.nickname}`}
        </h3>
        {label}
        <UnderReview show={r.item.under_review} />
        <Author user={r.item.user} at={r.item.created_at} />
      </header>
      <div lang={language} dir={dir} className="break-words">
        {href ? (
          <AppLink to={href} className="block hover:opacity-90">
            {body}
          </AppLink>
        ) : (
          body
        )}
      </div>
    </Panel>
  );
}

function NoResults({ q, type, counts, locale }: { q: string; type: SearchType; counts: SearchPage['counts']; locale: string }) {
  const intl = useIntl();
  const query = <bdi className="wrap-anywhere">{q}</bdi>;
  const elsewhere = (['posts', 'moods', 'topics', 'thoughts', 'tags'] as const).filter((t) => t !== type && counts[t] > 0);
  return (
    <EmptyState>
      <FormattedMessage id="search.none" values={{ query }} />
      <span className="mt-2 block text-sm">
        <FormattedMessage id="search.none_try" />
      </span>
      {elsewhere.length > 0 ? (
        <span className="mt-3 block text-sm">
          {`${intl.formatMessage({ id: 'search.other_types' })} `}
          {elsewhere.map((t, i) => (
            <span key={t}>
              {i > 0 ? intl.formatMessage({ id: 'search.list_separator' }) : null}
              <AppLink to={searchHref(locale, q, t)} className="text-brand-700 underline dark:text-brand-100">
                {`${intl.formatMessage({ id: TYPE_LABEL[t] })} (${intl.formatNumber(counts[t])})`}
              </AppLink>
            </span>
          ))}
        </span>
      ) : null}
    </EmptyState>
  );
}

function Pages({ q, type, meta, locale }: { q: string; type: SearchType; meta: SearchPage['meta']; locale: string }) {
  const intl = useIntl();
  if (meta.last_page <= 1) return null;
  const page = meta.current_page;
  return (
    <nav aria-label={intl.formatMessage({ id: 'search.pages' })} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <AppLink to={searchHref(locale, q, type, Math.min(page - 1, meta.last_page))} rel="prev" className={buttonClass('secondary', 'md')}>
          <FormattedMessage id="search.page_prev" />
        </AppLink>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="search.page_of" values={{ page: Math.min(page, meta.last_page), pages: meta.last_page }} />
      </span>
      {page < meta.last_page ? (
        <AppLink to={searchHref(locale, q, type, page + 1)} rel="next" className={buttonClass('secondary', 'md')}>
          <FormattedMessage id="search.page_next" />
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

function RecentSearches({ list, locale }: { list: RecentSearch[]; locale: string }) {
  const intl = useIntl();
  const { api } = useSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  // Removed entries leave at once; the next load brings the server's list.
  const [gone, setGone] = useState<Set<number>>(new Set());
  const shown = list.filter((r) => !gone.has(r.id));
  if (shown.length === 0) return null;

  /**
   * The pressed button leaves with what it removed, and its focus would fall to the start of the document: it goes
   * to the entry that took the removed one's place (keepPlace), or, when none is left and the list goes with them,
   * to the page's heading.
   */
  async function remove(ids: number[], call: () => Promise<void>, pressed: HTMLElement) {
    if (ids.length < shown.length) keepPlace(pressed);
    else if (document.activeElement === pressed) focusHeading();
    setGone((g) => new Set([...g, ...ids]));
    try {
      await call();
    } catch (err) {
      setGone((g) => new Set([...g].filter((id) => !ids.includes(id))));
      toast.failed(err);
      return;
    }
    void revalidator.revalidate();
  }

  return (
    <section aria-labelledby="recent-searches">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="recent-searches" className="font-semibold">
          <FormattedMessage id="search.recent" />
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={(e) =>
            remove(
              shown.map((r) => r.id),
              () => api.clearRecentSearches(),
              e.currentTarget,
            )
          }
        >
          <FormattedMessage id="search.recent_clear" />
        </Button>
      </div>
      <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
        {shown.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-2 py-1">
            <AppLink to={searchHref(locale, r.query, 'all')} className="min-w-0 flex-1 truncate py-1 hover:underline" dir="auto">
              {r.query}
            </AppLink>
            <Button
              variant="ghost"
              size="xs"
              aria-label={intl.formatMessage({ id: 'search.recent_remove' }, { query: r.query })}
              onClick={(e) => remove([r.id], () => api.removeRecentSearch(r.id), e.currentTarget)}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page's heading takes the focus. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (heading) focusFromScript(heading);
}
