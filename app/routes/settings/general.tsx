/** General settings (settings layout): theme, interface language, who can message me, and the people I blocked. */
import { useId, useState } from 'react';
import { THEMES } from '../../../core/limits.ts';
import { LOCALES } from '../../../core/locales.ts';
import { PageHeading } from '../../components/Status.tsx';
import { BlockedPeople, MessagingChoices } from '../../components/settings/MessagingSettings.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { controlClass } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { loaderApi, requireUser } from '../../lib/guard.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { useLanguageSwitch } from '../../lib/language.ts';
import { pageMeta } from '../../lib/meta.ts';
import { required } from '../../lib/route-check.ts';
import { useSession } from '../../lib/session.tsx';
import type { Route } from './+types/general';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  const api = loaderApi(context);
  const [messaging, blocked] = await Promise.all([required(request, api.messageSettings()), required(request, api.blocks())]);
  return { messaging: messaging.data, blocked };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'settings-general', { noindex: true });

export default function General({ loaderData }: Route.ComponentProps) {
  const { theme, setTheme } = useSession();

  return (
    <>
      <PageHeading>
        <FormattedMessage id="settings.general.heading" />
      </PageHeading>
      <div className="flex flex-col gap-6">
        <Panel as="fieldset" padding="lg">
          <legend className="px-1 font-semibold">
            <FormattedMessage id="settings.general.theme" />
          </legend>
          <div className="mt-2 flex gap-4">
            {THEMES.map((t) => (
              <label key={t} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="theme"
                  value={t}
                  checked={theme === t}
                  onChange={() => setTheme(t)}
                  className="accent-brand-600"
                />
                <FormattedMessage id={`settings.general.theme_${t}`} />
              </label>
            ))}
          </div>
        </Panel>
        <LanguageChoice />
        <MessagingChoices initial={loaderData.messaging} />
        <BlockedPeople first={loaderData.blocked} />
      </div>
    </>
  );
}

/**
 * The interface language changes only when the person saves it (WCAG 3.2.2, on input): a <select> moves on every
 * arrow key, and switching there would reload the page in another language before they reached their own.
 */
function LanguageChoice() {
  const { locale } = useSession();
  const { switchTo } = useLanguageSwitch();
  const languageId = useId();
  const [chosen, setChosen] = useState(locale);

  function save(e: React.FormEvent) {
    e.preventDefault();
    if (chosen !== locale) switchTo(chosen);
  }

  return (
    <Panel as="form" padding="lg" onSubmit={save}>
      <label htmlFor={languageId} className="font-semibold">
        <FormattedMessage id="language.label" />
      </label>
      <p id={`${languageId}-hint`} className="mb-2 text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="settings.general.language_hint" />
      </p>
      <div className="flex flex-wrap gap-2">
        <select
          id={languageId}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          aria-describedby={`${languageId}-hint`}
          className={`min-w-0 flex-1 ${controlClass}`}
        >
          {LOCALES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.native_name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="primary" disabled={chosen === locale}>
          <FormattedMessage id="common.save" />
        </Button>
      </div>
    </Panel>
  );
}
