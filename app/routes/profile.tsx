/**
 * The signed-in user's profile (default layout): avatar, nickname, rank and the way to the next one, achievements,
 * whether to appear among the top supporters, and tabs of one's own posts, moods, topics, thoughts, favorites and
 * removed items (issue 16).
 */

import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { AchievementList } from '../components/profile/AchievementList.tsx';
import { isProfileTab, OwnContent, type ProfileTab, type TabPage } from '../components/profile/OwnContent.tsx';
import { TopSupportersSetting } from '../components/profile/TopSupportersSetting.tsx';
import { buttonClass } from '../components/ui/Button.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { loaderApi, requireUser } from '../lib/guard.ts';
import { FormattedMessage, FormattedNumber, useIntl } from '../lib/intl.tsx';
import { pageMeta } from '../lib/meta.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/profile';

type Api = ReturnType<typeof loaderApi>;

/** The first page of a tab: only the tab on screen is read. */
async function firstPage(api: Api, tab: ProfileTab): Promise<TabPage> {
  switch (tab) {
    case 'posts':
      return { tab, page: await api.ownPosts() };
    case 'favorites':
      return { tab, page: await api.favoritePosts() };
    case 'moods':
      return { tab, page: await api.ownMoods() };
    case 'topics':
      return { tab, page: await api.ownTopics() };
    case 'thoughts':
      return { tab, page: await api.ownThoughts() };
    case 'removed':
      return { tab, page: await api.violatingItems() };
  }
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const api = loaderApi(context);
  const asked = new URL(request.url).searchParams.get('tab');
  // An unknown tab shows the first one rather than an error: the page itself exists.
  const tab: ProfileTab = isProfileTab(asked) ? asked : 'posts';
  const [ladder, achievements, current] = await Promise.all([
    required(request, api.rankLadder()),
    required(request, api.achievements()),
    required(request, firstPage(api, tab)),
  ]);
  return { user, ladder: ladder.user_rank, achievements: achievements.achievements, current };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'profile', { noindex: true });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { locale } = useSession();
  const { user, ladder, achievements, current: tab } = loaderData;
  const current = ladder?.find((r) => r.is_current) ?? null;
  const next = ladder?.find((r) => current && r.level === current.level + 1) ?? null;
  const link = buttonClass('secondary', 'sm');

  return (
    <>
      <section className="flex flex-col items-center gap-3 text-center sm:flex-row sm:text-start">
        {user.avatar ? <img src={user.avatar.url} alt="" width={96} height={96} className="size-24 rounded-full bg-stone-100" /> : null}
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold" dir="auto">
            {user.nickname}
          </h1>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="profile.username" values={{ username: <bdi>{user.username}</bdi> }} />
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage
              id="profile.member_since"
              values={{ date: intl.formatDate(user.created_at, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) }}
            />
          </p>
        </div>
      </section>

      <Panel as="section" aria-labelledby="rank-heading" padding="lg" className="mt-8">
        <h2 id="rank-heading" className="text-lg font-semibold">
          <FormattedMessage id="profile.rank_heading" />
        </h2>
        <p className="mt-2 text-xl" data-testid="rank-name">
          {user.rank.name}
        </p>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="profile.points" values={{ count: user.points }} />
        </p>
        {next ? (
          <div className="mt-4">
            <p className="text-sm">
              <FormattedMessage id="profile.next_rank" values={{ rank: next.name, count: Math.max(0, next.min_points - user.points) }} />
            </p>
            <progress
              className="mt-2 h-2 w-full accent-brand-600"
              max={next.min_points - (current?.min_points ?? 0)}
              value={Math.max(0, user.points - (current?.min_points ?? 0))}
              aria-label={next.name}
            />
          </div>
        ) : (
          <p className="mt-3 text-sm">
            <FormattedMessage id="profile.top_rank" />
          </p>
        )}
        {ladder ? (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer">
              <FormattedMessage id="profile.ladder" />
            </summary>
            <ol className="mt-2 flex flex-col gap-1">
              {ladder.map((r) => (
                <li key={r.id} className="flex justify-between gap-4" aria-current={r.is_current ? 'true' : undefined}>
                  <span className={r.is_current ? 'font-semibold' : undefined}>{r.name}</span>
                  <span className="text-stone-600 dark:text-stone-400">
                    <FormattedNumber value={r.min_points} />
                  </span>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        <TopSupportersSetting userId={user.id} initial={user.show_in_top_supporters} />
      </Panel>

      <OwnContent current={tab} />

      <AchievementList achievements={achievements} />

      <div className="mt-8 flex flex-wrap gap-2">
        <AppLink to={localizedPath(locale, '/changeAvatar')} className={link}>
          <FormattedMessage id="settings.nav.avatar" />
        </AppLink>
        <AppLink to={localizedPath(locale, '/changeNickname')} className={link}>
          <FormattedMessage id="settings.nav.nickname" />
        </AppLink>
        <AppLink to={localizedPath(locale, '/settings/general')} className={link}>
          <FormattedMessage id="nav.settings" />
        </AppLink>
      </div>
    </>
  );
}
