/** Help (settings layout): where to read how things work, how to reach us, and what to do in a crisis. */

import { localizedPath } from '../../../core/locales.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { PageHeading } from '../../components/Status.tsx';
import { requireUser } from '../../lib/guard.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import type { Route } from './+types/help';

export async function loader({ context }: Route.LoaderArgs) {
  await requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'settings-help', { noindex: true });

const LINKS = [
  ['footer.faq', 'help.faq', '/FAQ'],
  ['footer.contact', 'help.contact', '/contactUs'],
  ['footer.guidelines', 'help.guidelines', '/community-guidelines'],
  ['footer.privacy', 'help.privacy', '/privacy-policy'],
  ['footer.terms', 'help.terms', '/terms-and-conditions'],
  ['footer.about', 'help.about', '/About'],
] as const;

export default function Help() {
  const { locale } = useSession();
  return (
    <>
      <PageHeading>
        <FormattedMessage id="help.heading" />
      </PageHeading>
      <section
        aria-labelledby="crisis-heading"
        className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-stone-900 dark:text-amber-100"
      >
        <h2 id="crisis-heading" className="font-semibold">
          <FormattedMessage id="home.aside.crisis_heading" />
        </h2>
        <p className="mt-1">
          <FormattedMessage id="help.crisis" />
        </p>
      </section>
      <ul className="flex flex-col gap-2">
        {LINKS.map(([title, text, path]) => (
          <li key={path}>
            <AppLink
              to={localizedPath(locale, path)}
              className="block rounded-xl border border-stone-200 bg-white px-4 py-3 hover:border-brand-500 dark:border-stone-800 dark:bg-stone-900"
            >
              <span className="font-medium">
                <FormattedMessage id={title} />
              </span>
              <span className="block text-sm text-stone-600 dark:text-stone-400">
                <FormattedMessage id={text} />
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
