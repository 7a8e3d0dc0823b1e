/**
 * The open list of the header's language menu (LanguageSwitcher): one real link per language by its native name,
 * so every choice is an ordinary link to the same screen in that language. Its own chunk, loaded on the first
 * opening: a first view shows the menu's button only.
 */
import { LOCALES } from '../../core/locales.ts';
import { useIntl } from '../lib/intl.tsx';
import { useLanguageSwitch } from '../lib/language.ts';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';
import type { MenuListProps } from './ui/Menu.tsx';
import { MenuList } from './ui/MenuList.tsx';

const itemClass =
  'block rounded-lg px-2 py-1.5 text-sm hover:bg-stone-100 aria-[current=true]:font-semibold aria-[current=true]:text-brand-700 dark:hover:bg-stone-800 dark:aria-[current=true]:text-brand-100';

export default function LanguageList(menu: MenuListProps) {
  const intl = useIntl();
  const { locale } = useSession();
  const { hrefFor, remember, external } = useLanguageSwitch();
  return (
    <MenuList {...menu} label={intl.formatMessage({ id: 'language.label' })} className="grid w-72 grid-cols-2 gap-1">
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
    </MenuList>
  );
}
