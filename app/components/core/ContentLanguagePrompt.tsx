/**
 * Asked once, on the feed, of a reader who has not chosen which languages to read: the interface language and the
 * browser's languages come ticked, and every language stays one click away. A guest's choice is kept in the
 * `content_languages` cookie, which the feeds honour; a signed-in reader's goes to their account as well. The
 * cookie also says the question was answered, so it is not asked again on this browser.
 */
import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteLoaderData } from 'react-router';
import { COOKIE } from '../../../core/limits.ts';
import { getLocale, localeFromAcceptLanguage } from '../../../core/locales.ts';
import { parseCookies } from '../../lib/i18n.ts';
import { writePreferenceCookie } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';

/** The languages to suggest: the page's, then the browser's, each once. */
export function suggestedLanguages(locale: string, browser: readonly string[]): string[] {
  const codes = browser.map((tag) => localeFromAcceptLanguage(tag)).filter((code): code is string => code !== null);
  return [...new Set([locale, ...codes])];
}

export function ContentLanguagePrompt({ onChosen }: { onChosen(): void }) {
  const { user, locale, api } = useSession();
  const root = useRouteLoaderData('root') as { cookieDomain: string | null } | undefined;
  const toast = useToast();
  const ids = { heading: useId(), legend: useId() };
  const [suggested, setSuggested] = useState<string[] | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const inAccount = (user?.content_languages.length ?? 0) > 0;
  // After hydration: the server's page has no prompt, and only the browser knows its languages. Keyed on values, not
  // on the user object, which every revalidation replaces.
  useEffect(() => {
    const answered = COOKIE.contentLanguages in parseCookies(document.cookie);
    if (answered || inAccount) return;
    const codes = suggestedLanguages(locale, navigator.languages);
    setSuggested(codes);
    setPicked(new Set(codes));
  }, [inAccount, locale]);

  if (!suggested) return null;

  async function choose(codes: string[]) {
    setBusy(true);
    writePreferenceCookie(COOKIE.contentLanguages, codes.length ? codes.join(',') : 'all', root?.cookieDomain ?? null);
    try {
      if (user) await api.storeContentLanguages(codes);
    } catch (err) {
      toast.failed(err);
    }
    setSuggested(null);
    onChosen();
  }

  const toggle = (code: string) =>
    setPicked((now) => {
      const next = new Set(now);
      if (!next.delete(code)) next.add(code);
      return next;
    });

  return (
    <Panel as="section" aria-labelledby={ids.heading} className="mb-4" data-testid="content-language-prompt">
      <h2 id={ids.heading} className="mb-2 font-semibold">
        <FormattedMessage id="feed.languages.heading" />
      </h2>
      <fieldset aria-labelledby={ids.legend}>
        <legend id={ids.legend} className="sr-only">
          <FormattedMessage id="settings.content.languages" />
        </legend>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {suggested.map((code) => (
            <li key={code}>
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" checked={picked.has(code)} onChange={() => toggle(code)} />
                <span lang={getLocale(code).lang}>{getLocale(code).native_name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" size="sm" busy={busy} disabled={picked.size === 0} onClick={() => choose([...picked])}>
          <FormattedMessage id="feed.languages.save" />
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => choose([])}>
          <FormattedMessage id="settings.content.show_all" />
        </Button>
      </div>
    </Panel>
  );
}
