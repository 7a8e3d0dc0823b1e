import { localizedPath } from '../../core/locales.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';

export const STATIC_PAGES = [
  ['footer.about', '/About'],
  ['footer.faq', '/FAQ'],
  ['footer.guidelines', '/community-guidelines'],
  ['footer.privacy', '/privacy-policy'],
  ['footer.terms', '/terms-and-conditions'],
  ['footer.contact', '/contactUs'],
] as const;

const MORE = [
  ['footer.languages', '/languages'],
  ['footer.top_supporters', '/topSupporters'],
] as const;

export function SiteFooter() {
  const intl = useIntl();
  const { locale } = useSession();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white/60 dark:border-stone-800 dark:bg-stone-900/60">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6 text-sm text-stone-600 dark:text-stone-400">
        {/* The one sentence everyone must be able to find, on every page (DESIGN.md: safety comes first). */}
        <p className="font-medium text-stone-800 dark:text-stone-200">
          <FormattedMessage id="footer.crisis" />
        </p>
        <nav aria-label={intl.formatMessage({ id: 'footer.label' })}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {[...STATIC_PAGES, ...MORE].map(([key, path]) => (
              <li key={path}>
                <AppLink to={localizedPath(locale, path)} className="underline-offset-2 hover:underline">
                  <FormattedMessage id={key} />
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          <FormattedMessage id="footer.note" />
        </p>
      </div>
    </footer>
  );
}
