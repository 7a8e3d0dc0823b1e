/**
 * Registers the service worker (served by the server at /sw.js, scope /) once the first page has hydrated, never
 * during server rendering, and hands it what the page loaded before the worker could see it: the built assets
 * and the offline page of the page's language, so the next visit and a lost network are covered from the first.
 * Loaded on its own after hydration (root.tsx), so the first page's JavaScript does not grow by it.
 */

const ASSET_PREFIX = '/assets/';

export async function registerServiceWorker(locale: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith(ASSET_PREFIX))
      .map((url) => url.pathname);
    const linked = [
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href^="/assets/"], script[src^="/assets/"]'),
    ].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '');
    registration.active?.postMessage({ type: 'keep', urls: [...new Set([...loaded, ...linked]), `/offline/${locale}`] });
  } catch {
    // A browser that refuses the worker (private modes, policies) runs the app as before.
  }
}
