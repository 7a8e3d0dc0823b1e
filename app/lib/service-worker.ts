/**
 * Registers the service worker (served by the server at /sw.js, scope /) once the first page has hydrated, never
 * during server rendering, and hands it what the page loaded before the worker could see it: the built assets
 * and the offline page of the page's language, so the next visit and a lost network are covered from the first.
 * Loaded on its own after hydration (root.tsx), so the first page's JavaScript does not grow by it.
 */

const ASSET_PREFIX = '/assets/';

/** The paths of the page's own built assets among these entries. */
function assetPaths(entries: PerformanceEntry[]): string[] {
  return entries
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith(ASSET_PREFIX))
    .map((url) => url.pathname);
}

export async function registerServiceWorker(locale: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const keep = (urls: string[]) => registration.active?.postMessage({ type: 'keep', urls });
    const linked = [
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href^="/assets/"], script[src^="/assets/"]'),
    ].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '');
    keep([...new Set([...assetPaths(performance.getEntriesByType('resource')), ...linked]), `/offline/${locale}`]);
    // A request the page started before the worker controlled it, and that ended after the list above was taken
    // (a chunk fetched once idle after hydration, app/lib/idle.ts), is in neither the list nor the worker's cache:
    // each is handed over as it ends. Observing from the same task as the list leaves no entry between the two.
    // What went through the worker (workerStart set) it has already kept, so a controlled page sends nothing more.
    new PerformanceObserver((list) => {
      const late = assetPaths(list.getEntries().filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0));
      if (late.length > 0) keep(late);
    }).observe({ type: 'resource' });
  } catch {
    // A browser that refuses the worker (private modes, policies) runs the app as before.
  }
}
