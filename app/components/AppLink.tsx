/**
 * Every in-app link goes through here so route prefetching follows one policy: on intent (hover, focus,
 * touch) the target's code and data are fetched ahead, at most about 5 at a time and never on Save-Data or
 * 2g (lib/prefetch.ts). A path written with a language prefix is put in the form the visitor is reading: on a
 * language subdomain, without it (lib/paths.ts `activePath`).
 */
import { type FocusEvent, type MouseEvent, type TouchEvent, useRef, useState } from 'react';
import { Link, type LinkProps, NavLink, type NavLinkProps, PrefetchPageLinks } from 'react-router';
import { useActivePath } from '../lib/language.ts';
import { takePrefetchSlot } from '../lib/prefetch.ts';

/** Hover shorter than this is a pointer passing over, not an intent to follow. */
const INTENT_DELAY_MS = 100;

type IntentHandlers = Pick<LinkProps, 'onMouseEnter' | 'onMouseLeave' | 'onFocus' | 'onBlur' | 'onTouchStart'>;

/** Wraps the link's own intent handlers (they are called first) to prefetch its target. */
function usePrefetch(link: IntentHandlers & Pick<LinkProps, 'to' | 'reloadDocument'>, prefetch: boolean) {
  const { to } = link;
  const enabled = prefetch && !link.reloadDocument;
  const [page, setPage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const path = typeof to === 'string' ? to.split(/[?#]/)[0] : (to.pathname ?? '');

  function start(now: boolean) {
    if (!enabled || page || !path.startsWith('/')) return;
    clearTimeout(timer.current);
    const go = () => {
      if (takePrefetchSlot()) setPage(path);
    };
    if (now) go();
    else timer.current = setTimeout(go, INTENT_DELAY_MS);
  }
  function stop() {
    clearTimeout(timer.current);
  }

  const events: IntentHandlers = {
    onMouseEnter: (e: MouseEvent<HTMLAnchorElement>) => {
      link.onMouseEnter?.(e);
      start(false);
    },
    onMouseLeave: (e: MouseEvent<HTMLAnchorElement>) => {
      link.onMouseLeave?.(e);
      stop();
    },
    onFocus: (e: FocusEvent<HTMLAnchorElement>) => {
      link.onFocus?.(e);
      start(false);
    },
    onBlur: (e: FocusEvent<HTMLAnchorElement>) => {
      link.onBlur?.(e);
      stop();
    },
    onTouchStart: (e: TouchEvent<HTMLAnchorElement>) => {
      link.onTouchStart?.(e);
      start(true);
    },
  };
  return { events, links: page ? <PrefetchPageLinks page={page} /> : null };
}

type Extra = { prefetch?: boolean };

/** String targets in the active form; objects are left as the caller built them. */
function useActiveTo<T extends LinkProps['to']>(to: T): T {
  const toActive = useActivePath();
  return (typeof to === 'string' ? toActive(to) : to) as T;
}

export function AppLink({ prefetch = true, ...props }: Omit<LinkProps, 'prefetch'> & Extra) {
  const to = useActiveTo(props.to);
  const { events, links } = usePrefetch({ ...props, to }, prefetch);
  return (
    <>
      <Link viewTransition {...props} to={to} {...events} />
      {links}
    </>
  );
}

/** A navigation link: marks the current page with aria-current. */
export function AppNavLink({ prefetch = true, ...props }: Omit<NavLinkProps, 'prefetch'> & Extra) {
  const to = useActiveTo(props.to);
  const { events, links } = usePrefetch({ ...props, to }, prefetch);
  return (
    <>
      <NavLink viewTransition {...props} to={to} {...events} />
      {links}
    </>
  );
}
