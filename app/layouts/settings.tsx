/** The settings layout: the account's pages with a menu of them beside the content. */

import { Outlet } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { AppNavLink } from '../components/AppLink.tsx';
import { Frame } from '../components/Frame.tsx';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useSession } from '../lib/session.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

const PAGES = [
  ['settings.nav.general', '/settings/general'],
  ['settings.nav.notifications', '/notificationSettings'],
  ['settings.nav.content', '/contentPreferences'],
  ['settings.nav.avatar', '/changeAvatar'],
  ['settings.nav.nickname', '/changeNickname'],
  ['settings.nav.account', '/settings/account'],
  ['settings.nav.help', '/settings/help'],
  ['settings.nav.deactivate', '/deactivateAccount'],
] as const;

export default function SettingsLayout() {
  return (
    <Frame
      className="mx-auto grid w-full max-w-5xl flex-1 grid-cols-1 gap-8 px-4 py-6 md:grid-cols-[14rem_minmax(0,1fr)]"
      before={<SettingsNav />}
    >
      <Outlet />
    </Frame>
  );
}

function SettingsNav() {
  const intl = useIntl();
  const { locale } = useSession();
  return (
    <nav aria-label={intl.formatMessage({ id: 'settings.nav.label' })}>
      <ul className="flex flex-wrap gap-1 text-sm md:flex-col">
        {PAGES.map(([key, path]) => (
          <li key={path}>
            <AppNavLink
              to={localizedPath(locale, path)}
              className="block rounded-lg px-3 py-2 whitespace-nowrap hover:bg-stone-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 dark:hover:bg-stone-800 dark:aria-[current=page]:bg-stone-800 dark:aria-[current=page]:text-brand-100"
            >
              <FormattedMessage id={key} />
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
