/**
 * The header's language menu: one real link per language by its native name, so every choice is an ordinary
 * link to the same screen in that language. (The button that opens it needs the scripts.)
 */

import { getLocale, LOCALES } from '../../core/locales.ts';
import { useIntl } from '../lib/intl.tsx';
import { useLanguageSwitch } from '../lib/language.ts';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';
import { Menu } from './ui/Menu.tsx';

const itemClass =
  'block rounded-lg px-2 py-1.5 text-sm hover:bg-stone-100 aria-[current=true]:font-semibold aria-[current=true]:text-brand-700 dark:hover:bg-stone-800 dark:aria-[current=true]:text-brand-100';

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale } = useSession();
  const { hrefFor, remember, external } = useLanguageSwitch();

  return (
    <Menu
      label={intl.formatMessage({ id: 'language.current' }, { language: getLocale(locale).native_name })}
      listLabel={intl.formatMessage({ id: 'language.label' })}
      triggerClassName="flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1 text-sm dark:border-stone-700"
      listClassName="grid w-72 grid-cols-2 gap-1"
      testId="language-switcher"
      trigger={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
            <circle cx="10" cy="10" r="7.5" />
            <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
          </svg>
          <span lang={getLocale(locale).lang}>{getLocale(locale).native_name}</span>
        </>
      }
    >
      {LOCALES.map((l) => {
        const href = hrefFor(l.code);
        const common = {
          lang: l.lang,
          hrefLang: l.lang,
          dir: l.dir,
          'aria-current': l.code === locale ? ('true' as const) : undefined,
          className: itemClass,
          onClick: () => remember(l.code),
        };
        return (
          <li key={l.code}>
            {external ? (
              <a href={href} {...common}>
                {l.native_name}
              </a>
            ) : (
              <AppLink to={href} prefetch={false} {...common}>
                {l.native_name}
              </AppLink>
            )}
          </li>
        );
      })}
    </Menu>
  );
}
