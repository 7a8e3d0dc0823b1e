/**
 * Asked once, on the feed, of a reader who has not chosen which languages to read: the interface language and the
 * browser's languages come ticked, and every language stays one click away. A guest's choice is kept in the
 * `content_languages` cookie, which the feeds honour; a signed-in reader's goes to their account as well. The
 * cookie also says the question was answered, so it is not asked again on this browser.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { COOKIE } from '../../../core/limits.ts';
import { getLocale } from '../../../core/locales.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { writePreferenceCookie } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';

/**
 * `offer` is what the feed's loader found: the languages to suggest (suggestedLanguages), or null when this browser
 * has answered already (the cookie). Rendered with the page on the server, so the feed below it never moves when the
 * page hydrates.
 */
export function ContentLanguagePrompt({ offer, onChosen }: { offer: readonly string[] | null; onChosen(): void }) {
  const { user, api } = useSession();
  const root = useRouteLoaderData('root') as { cookieDomain: string | null } | undefined;
  const toast = useToast();
  const ids = { heading: useId(), legend: useId() };
  const inAccount = (user?.content_languages.length ?? 0) > 0;
  const offered = offer && !inAccount ? offer : null;
  const [suggested, setSuggested] = useState<readonly string[] | null>(offered);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(offered));
  const [busy, setBusy] = useState(false);

  // A new language or account asks again with what it suggests. Keyed on values, not on the user object, which
  // every revalidation replaces; the first run changes nothing, so hydration keeps the server's prompt as it is.
  const key = offered?.join(',') ?? '';
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    const codes = key ? key.split(',') : null;
    setSuggested(codes);
    setPicked(new Set(codes));
  }, [key]);

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
        <Button variant="secondary" size="sm" busy={busy} onClick={() => choose([])}>
          <FormattedMessage id="settings.content.show_all" />
        </Button>
      </div>
    </Panel>
  );
}
