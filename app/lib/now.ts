/**
 * The clock relative times ("3 minutes ago") are measured against. While the first page hydrates it is the
 * server's render time, so the markup matches however long ago that page was rendered (the guest cache keeps
 * pages for a few seconds, and a text mismatch makes React throw the server's markup away and render the
 * whole page again). Components mounted after that, and every component once hydrated, use the browser's clock.
 */
import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';

let hydrated = false;

/** Called once the first render has committed in the browser. */
export function markHydrated() {
  hydrated = true;
}

/** Whether the first page has hydrated: what mounts now came with a navigation in the browser. */
export const isHydrated = () => hydrated;

export function useNow(): number {
  const renderedAt = useRouteLoaderData<{ renderedAt: number }>('root')?.renderedAt;
  const [now, setNow] = useState(() => (hydrated || renderedAt === undefined ? Date.now() : renderedAt));
  useEffect(() => {
    if (now === renderedAt) setNow(Date.now());
  }, [now, renderedAt]);
  return now;
}

/** Seconds from `now` to the instant `iso` (negative in the past), as FormattedRelativeTime takes them. */
export const secondsFrom = (iso: string, now: number) => Math.round((new Date(iso).getTime() - now) / 1000);

/**
 * How long ago the past instant `iso` was, in seconds as FormattedRelativeTime takes them, with anything under a minute
 * shown as "now". In seconds, a fresh item's time changed as the page hydrated (the server's clock, then the
 * browser's: "3 seconds ago" became "7 seconds ago") and its new width could move the line it sits in on a phone
 * (issue 17: no layout shift); from a minute on it changes on the component's own minute timer.
 */
export function agoFrom(iso: string, now: number): number {
  const seconds = secondsFrom(iso, now);
  return Math.abs(seconds) < 60 ? 0 : seconds;
}
