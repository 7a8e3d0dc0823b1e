/**
 * Dates, numbers, plurals and relative times in the languages whose `Intl` data browsers and Node disagree on
 * or lack: Debian's Chromium has none for ps, ckb, my, om, ha, ig and yo and only a skeleton for az and uz (while
 * `supportedLocalesOf` claims them), and Node's ICU has no relative times for ckb, ig and yo. Formatted natively,
 * the server's markup and the browser's render differ (React error #418 on every page) and show English, "-1 min"
 * or mixed digits. These languages are formatted on both sides by the formatjs polyfills with CLDR's data, loaded
 * as a chunk of their own before the page hydrates (decision 012), so no other language downloads any of it.
 */

/** BCP 47 language subtags (as in `<html lang>` and `Locale.tag`) formatted by the polyfills. */
export const POLYFILLED_LANGUAGES: readonly string[] = ['ps', 'ckb', 'my', 'om', 'ha', 'ig', 'yo', 'uz', 'az'];

const languageOf = (tag: string) => tag.split(/[-_]/)[0].toLowerCase();

/** Whether text in this language tag is formatted by the polyfills rather than the platform's Intl. */
export const usesPolyfill = (tag: string) => POLYFILLED_LANGUAGES.includes(languageOf(tag));

const loading = new Map<string, Promise<void>>();

/**
 * Makes `Intl` format `tag` the same way on the server and in the browser: a no-op (no download) for the
 * languages the platform formats, else the polyfills and the language's data, once. Awaited before rendering
 * (root loader), before hydrating (entry.client) and before a client navigation into the language.
 */
export function loadIntlData(tag: string): Promise<void> {
  const lang = languageOf(tag);
  if (!POLYFILLED_LANGUAGES.includes(lang)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = import('./intl-polyfills.ts').then((m) => m.addLanguage(lang));
    // A chunk that failed to load (offline, a deploy replaced it) is tried again on the next navigation.
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}
