/**
 * The header's language menu: a disclosure of real links, one per language by its native name, so every choice
 * is an ordinary link to the same screen in that language. (The button that opens it needs the scripts.)
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { getLocale, LOCALES } from '../../core/locales.ts';
import { useLanguageSwitch } from '../lib/language.ts';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale } = useSession();
  const { hrefFor, remember, external } = useLanguageSwitch();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const location = useLocation();

  // A choice navigates away; the menu closes with the page it was opened on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const current = list.current?.querySelector<HTMLAnchorElement>('[aria-current="true"]') ?? list.current?.querySelector('a');
    current?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!button.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (i: number) => links[(i + links.length) % links.length]?.focus();
    if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(links.length - 1);
    else return;
    e.preventDefault();
  }

  const label = intl.formatMessage({ id: 'language.current' }, { language: getLocale(locale).native_name });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the menu closes it; the button and links inside are the controls.
    <div
      className="relative"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1 text-sm dark:border-stone-700"
        data-testid="language-switcher"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
        </svg>
        <span lang={locale}>{getLocale(locale).native_name}</span>
      </button>
      {open ? (
        <ul
          id={listId}
          ref={list}
          onKeyDown={onKeyDown}
          aria-label={intl.formatMessage({ id: 'language.label' })}
          className="absolute end-0 z-40 mt-2 grid max-h-[70vh] w-72 grid-cols-2 gap-1 overflow-y-auto rounded-xl border border-stone-200 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          {LOCALES.map((l) => {
            const href = hrefFor(l.code);
            const className =
              'block rounded-lg px-2 py-1.5 text-sm hover:bg-stone-100 aria-[current=true]:font-semibold aria-[current=true]:text-brand-700 dark:hover:bg-stone-800 dark:aria-[current=true]:text-brand-100';
            const common = {
              lang: l.code,
              hrefLang: l.tag,
              dir: l.dir,
              'aria-current': l.code === locale ? ('true' as const) : undefined,
              className,
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
        </ul>
      ) : null}
    </div>
  );
}
