/** The home layout: feeds, moods, topics and thoughts, with a side column about the community. */
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Frame } from '../components/Frame.tsx';
import { useSession } from '../lib/session.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function HomeLayout() {
  return (
    <Frame className="mx-auto grid w-full max-w-5xl flex-1 gap-8 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]" after={<HomeAside />}>
      <Outlet />
    </Frame>
  );
}

function HomeAside() {
  const intl = useIntl();
  const { locale } = useSession();
  const link = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';
  return (
    <aside aria-label={intl.formatMessage({ id: 'home.aside.label' })} className="flex flex-col gap-4 text-sm">
      <section className="rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
        <h2 className="mb-2 font-semibold">
          <FormattedMessage id="home.aside.about_heading" />
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          <FormattedMessage id="app.tagline" />
        </p>
        <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1">
          <AppLink to={localizedPath(locale, '/community-guidelines')} className={link}>
            <FormattedMessage id="footer.guidelines" />
          </AppLink>
          <AppLink to={localizedPath(locale, '/topSupporters')} className={link}>
            <FormattedMessage id="footer.top_supporters" />
          </AppLink>
        </p>
      </section>
      <section className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-stone-900 dark:text-amber-100">
        <h2 className="mb-2 font-semibold">
          <FormattedMessage id="home.aside.crisis_heading" />
        </h2>
        <p>
          <FormattedMessage id="home.aside.crisis_text" />
        </p>
      </section>
    </aside>
  );
}
