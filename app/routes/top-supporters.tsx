/**
 * Top supporters (default layout, issue 16): the people who supported others the most in a calendar month (UTC),
 * a month picker offering only the months with a ranking (a plain GET form, so it works without JavaScript), and the
 * reader's own place when they are in the month's ranking.
 */

import { Form, useNavigation } from 'react-router';
import { MONTH_PATTERN } from '../../core/achievements.ts';
import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button } from '../components/ui/Button.tsx';
import { controlClass } from '../components/ui/Field.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from '../lib/intl.tsx';
import { pageMeta, webPageLd } from '../lib/meta.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/top-supporters';

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = loaderApi(context);
  const asked = new URL(request.url).searchParams.get('month');
  const { data: months } = await required(request, api.supporterMonths());
  // Without a (valid) month: the newest month with a ranking, which is this month once someone supported; the
  // month is the server's, so the page reads the same on the server and after hydration.
  const month = asked && MONTH_PATTERN.test(asked) ? asked : (months[0] ?? new Date().toISOString().slice(0, 7));
  const ranking = await required(request, api.topSupporters(month));
  return { months, month, ranking };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'topSupporters', { jsonLd: (page) => webPageLd(page, 'WebPage') });

/** A month named in the reader's language; the 15th at noon UTC is inside the month in every time zone. */
const MonthName = ({ month }: { month: string }) => (
  <FormattedDate value={`${month}-15T12:00:00Z`} year="numeric" month="long" timeZone="UTC" />
);

export default function TopSupporters({ loaderData }: Route.ComponentProps) {
  const { months, month, ranking } = loaderData;
  const { user, locale } = useSession();
  const navigation = useNavigation();
  const intl = useIntl();
  // <option> takes text only.
  const monthText = (m: string) => intl.formatDate(`${m}-15T12:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  // A month asked by address that has no ranking stays chosen.
  const choices = months.includes(month) ? months : [month, ...months];
  const name = <MonthName month={month} />;
  const supports = (count: number) => <FormattedMessage id="top_supporters.supports" values={{ count }} />;

  return (
    <>
      <PageHeading intro={<FormattedMessage id="top_supporters.intro" />}>
        <FormattedMessage id="top_supporters.heading" />
      </PageHeading>
      {months.length > 0 ? (
        <Form method="get" className="mb-6 flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            <FormattedMessage id="top_supporters.month_label" />
            <select name="month" defaultValue={month} key={month} className={controlClass} data-testid="month-picker">
              {choices.map((m) => (
                <option key={m} value={m}>
                  {monthText(m)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary" busy={navigation.state !== 'idle'}>
            <FormattedMessage id="top_supporters.show" />
          </Button>
        </Form>
      ) : null}
      <h2 className="mb-3 text-lg font-semibold" id="ranking-heading">
        {name}
      </h2>
      {ranking.me ? (
        <p className="mb-4 rounded-xl bg-brand-50 p-3 text-sm dark:bg-stone-900" data-testid="own-position">
          <FormattedMessage
            id="top_supporters.your_position"
            values={{ position: intl.formatNumber(ranking.me.position), count: ranking.me.supports_count }}
          />
        </p>
      ) : null}
      {ranking.data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="top_supporters.empty" values={{ month: name }} />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-2" aria-labelledby="ranking-heading" data-testid="ranking">
          {ranking.data.map((line) => {
            const mine = user?.id === line.user.id;
            return (
              <li
                key={line.user.id}
                data-testid="supporter"
                aria-current={mine ? 'true' : undefined}
                className={`flex items-center gap-3 rounded-xl border p-3 ${
                  mine ? 'border-brand-500 bg-brand-50 dark:bg-stone-900' : 'border-stone-200 dark:border-stone-800'
                }`}
              >
                <span className="w-8 shrink-0 text-center text-lg font-semibold tabular-nums">
                  <FormattedNumber value={line.position} />
                </span>
                {line.user.avatar ? (
                  <img src={line.user.avatar.url} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full bg-stone-100" />
                ) : null}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words" dir="auto">
                    {line.user.nickname}
                    {mine ? (
                      <span className="ms-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                        <FormattedMessage id="top_supporters.you" />
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-stone-600 dark:text-stone-400">{line.user.rank.name}</p>
                </div>
                <span className="shrink-0 text-sm">{supports(line.supports_count)}</span>
              </li>
            );
          })}
        </ol>
      )}
      {user ? (
        <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">
          <AppLink to={localizedPath(locale, '/profile')} className="underline">
            <FormattedMessage id="top_supporters.opt_out" />
          </AppLink>
        </p>
      ) : null}
    </>
  );
}
