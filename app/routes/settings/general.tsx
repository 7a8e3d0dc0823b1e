/** General settings (settings layout): theme and interface language. */
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { THEMES } from '../../../core/limits.ts';
import { LOCALES } from '../../../core/locales.ts';
import { PageHeading } from '../../components/Status.tsx';
import { controlClass } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { requireUser } from '../../lib/guard.ts';
import { useLanguageSwitch } from '../../lib/language.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import type { Route } from './+types/general';

export async function loader({ context }: Route.LoaderArgs) {
  await requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'settings-general', { noindex: true });

export default function General() {
  const { theme, setTheme, locale } = useSession();
  const { switchTo } = useLanguageSwitch();
  const languageId = useId();

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
        <Panel padding="lg">
          <label htmlFor={languageId} className="font-semibold">
            <FormattedMessage id="language.label" />
          </label>
          <p id={`${languageId}-hint`} className="mb-2 text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id="settings.general.language_hint" />
          </p>
          <select
            id={languageId}
            value={locale}
            onChange={(e) => switchTo(e.target.value)}
            aria-describedby={`${languageId}-hint`}
            className={`w-full ${controlClass}`}
          >
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.native_name}
              </option>
            ))}
          </select>
        </Panel>
      </div>
    </>
  );
}
