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

type AppLinkProps = Omit<LinkProps, 'prefetch'> & Extra;

/**
 * A page holds ~60 links (each card links its text, tags and comments), and React Router's `Link` resolves each
 * target against the route matches, builds a click handler and merges refs: ~5 % of a server-rendered page's CPU
 * (docs/decisions/036). On the server none of that reaches the HTML, so a path that resolving leaves as it is
 * becomes the anchor `Link` would write, attribute for attribute (its props, then href, target, data-discover); the
 * browser hydrates the same element as a `Link` and navigates as before. The app has no basename.
 */
function ServerAppLink({ prefetch: _, ...props }: AppLinkProps) {
  const to = useActiveTo(props.to);
  if (typeof to !== 'string' || !resolvesToItself(to)) return <Link viewTransition {...props} to={to} />;
  const {
    to: _to,
    target,
    discover,
    reloadDocument: _r,
    replace: _replace,
    state: _state,
    preventScrollReset: _p,
    relative: _relative,
    viewTransition: _v,
    defaultShouldRevalidate: _d,
    mask: _mask,
    ...rest
  } = props;
  return <a {...rest} href={to} target={target} data-discover={discover === 'none' ? undefined : 'true'} />;
}

/**
 * An absolute path that React Router's `resolveTo` and the server's `createHref` give back unchanged: no doubled or
 * back slashes, no `.` or `..` segment, no bare `?` or `#` (which it drops).
 */
export function resolvesToItself(to: string): boolean {
  if (to[0] !== '/' || to.includes('\\')) return false;
  const end = to.search(/[?#]/);
  const pathname = end === -1 ? to : to.slice(0, end);
  if (pathname.includes('//') || /\/\.\.?(?:\/|$)/.test(pathname)) return false;
  return !to.endsWith('?') && !to.endsWith('#');
}

function ClientAppLink({ prefetch = true, ...props }: AppLinkProps) {
  const to = useActiveTo(props.to);
  const { events, links } = usePrefetch({ ...props, to }, prefetch);
  return (
    <>
      <Link viewTransition {...props} to={to} {...events} />
      {links}
    </>
  );
}

export const AppLink = import.meta.env.SSR ? ServerAppLink : ClientAppLink;

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
