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
