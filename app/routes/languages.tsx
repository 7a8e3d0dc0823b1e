/** The language choice (default layout): all 37 languages; choosing one shows this app in it from then on. */

import { getLocale } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { PageHeading } from '../components/Status.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useLanguageSwitch } from '../lib/language.ts';
import { pageMeta, webPageLd } from '../lib/meta.ts';
import { required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/languages';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { languages: (await required(request, loaderApi(context).languages())).data };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'languages', { jsonLd: (page) => webPageLd(page, 'WebPage') });

export default function Languages({ loaderData }: Route.ComponentProps) {
  const { locale } = useSession();
  const { hrefFor, remember, external } = useLanguageSwitch();
  const item =
    'flex items-baseline justify-between gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 hover:border-brand-500 aria-[current=true]:border-brand-600 aria-[current=true]:ring-1 aria-[current=true]:ring-brand-600 dark:border-stone-800 dark:bg-stone-900';
  return (
    <>
      <PageHeading intro={<FormattedMessage id="languages.intro" />}>
        <FormattedMessage id="languages.heading" />
      </PageHeading>
      <ul className="grid gap-2 sm:grid-cols-2">
        {loaderData.languages.map((l) => {
          const props = {
            lang: getLocale(l.code).lang,
            hrefLang: getLocale(l.code).lang,
            'aria-current': l.code === locale ? ('true' as const) : undefined,
            className: item,
            onClick: () => remember(l.code),
          };
          const content = (
            <>
              <span className="font-medium" dir={l.dir}>
                {l.native_name}
              </span>
              <span className="text-sm text-stone-600 dark:text-stone-400" lang="en">
                {l.name}
              </span>
            </>
          );
          return (
            <li key={l.code}>
              {external ? (
                <a href={hrefFor(l.code)} {...props}>
                  {content}
                </a>
              ) : (
                <AppLink to={hrefFor(l.code)} prefetch={false} {...props}>
                  {content}
                </AppLink>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
