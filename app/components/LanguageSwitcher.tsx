/**
 * The header's language menu: its button, which shows the page's language. The list of languages
 * (LanguageList) is its own chunk, fetched while the browser is idle after hydration or on the first opening,
 * whichever comes first. (The button that opens it needs the scripts.)
 */
import { useEffect } from 'react';
import { getLocale } from '../../core/locales.ts';
import { whenIdle } from '../lib/idle.ts';
import { useIntl } from '../lib/intl.tsx';
import { useSession } from '../lib/session.tsx';
import { Menu } from './ui/Menu.tsx';

let LanguageList: typeof import('./LanguageList.tsx').default | null = null;
let loading: Promise<unknown> | null = null;

function loadList(): Promise<unknown> {
  loading ??= import('./LanguageList.tsx').then(
    (m) => {
      LanguageList = m.default;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale } = useSession();
  useEffect(() => whenIdle(() => loadList().catch(() => {})), []);
  return (
    <Menu
      label={intl.formatMessage({ id: 'language.current' }, { language: getLocale(locale).native_name })}
      triggerClassName="flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1 text-sm dark:border-stone-700"
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
      load={loadList}
      list={(menu) => (LanguageList ? <LanguageList {...menu} /> : null)}
    />
  );
}
