/**
 * Content preferences (settings layout): which languages the member's feeds show (none chosen: all), whether their
 * own texts are language-detected, and the posts and moods they hid from their feeds, to show again (decision 066:
 * this screen is about what the feeds show). When its calls fail, the page fails (route-check `required`).
 */
import { useState } from 'react';
import { LOCALES } from '../../../core/locales.ts';
import { errorMessage } from '../../components/core/errors.ts';
import { PageHeading } from '../../components/Status.tsx';
import { HiddenItems } from '../../components/settings/HiddenItems.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { ContentLanguages } from '../../lib/api.ts';
import { loaderApi, requireUser } from '../../lib/guard.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { required } from '../../lib/route-check.ts';
import { useSavedAtOnce } from '../../lib/saved-at-once.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/content';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  const api = loaderApi(context);
  const [prefs, hiddenPosts, hiddenMoods] = await Promise.all([
    required(request, api.contentLanguages()),
    required(request, api.hiddenPosts()),
    required(request, api.hiddenMoods()),
  ]);
  return { prefs, hiddenPosts, hiddenMoods };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'contentPreferences', { noindex: true });

export default function ContentPreferences({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.content.intro" />}>
        <FormattedMessage id="settings.content.heading" />
      </PageHeading>
      <div className="flex flex-col gap-6">
        <Preferences initial={loaderData.prefs} />
        <HiddenItems posts={loaderData.hiddenPosts} moods={loaderData.hiddenMoods} />
      </div>
    </>
  );
}

function Preferences({ initial }: { initial: ContentLanguages }) {
  const intl = useIntl();
  const { api } = useSession();
  const toast = useToast();
  const [chosen, setChosen] = useState(new Set(initial.data));
  const [busy, setBusy] = useState(false);
  // The server flips the switch on each call, so a change is sent only while the server holds the other value; quick
  // flips are saved in turn, and the switch is never disabled meanwhile (that dropped the focus, decision 073).
  const detect = useSavedAtOnce({ auto_detect: initial.auto_detect }, async (change, server) =>
    change.auto_detect === undefined || change.auto_detect === server.auto_detect
      ? server
      : { auto_detect: (await api.toggleAutoDetectLanguages()).auto_detect },
  );
  const autoDetect = detect.shown.auto_detect;

  async function saveLanguages() {
    setBusy(true);
    try {
      const res = await api.storeContentLanguages([...chosen]);
      setChosen(new Set(res.data));
      toast.success(intl.formatMessage({ id: 'settings.saved' }));
    } catch (err) {
      toast.error(errorMessage(err, intl));
    } finally {
      setBusy(false);
    }
  }

  function flip(code: string) {
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  }

  const box = 'rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900';
  return (
    <div className="flex flex-col gap-6">
      <div className={box}>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={autoDetect}
            aria-checked={autoDetect}
            aria-busy={detect.saving || undefined}
            onChange={() => detect.change({ auto_detect: !autoDetect })}
            className="mt-1 size-5 accent-brand-600"
          />
          <span>
            <span className="block font-medium">
              <FormattedMessage id="settings.content.auto_detect" />
            </span>
            <span className="block text-sm text-stone-600 dark:text-stone-400">
              <FormattedMessage id="settings.content.auto_detect_hint" />
            </span>
          </span>
        </label>
      </div>
      <form
        className={box}
        onSubmit={(e) => {
          e.preventDefault();
          void saveLanguages();
        }}
      >
        <fieldset>
          <legend className="font-semibold">
            <FormattedMessage id="settings.content.languages" />
          </legend>
          <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
            <FormattedMessage id={chosen.size === 0 ? 'settings.content.all' : 'settings.content.some'} values={{ count: chosen.size }} />
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {LOCALES.map((l) => (
              <label key={l.code} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.has(l.code)} onChange={() => flip(l.code)} className="accent-brand-600" />
                <span lang={l.lang} dir={l.dir}>
                  {l.native_name}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" busy={busy} variant="primary" size="lg">
            <FormattedMessage id={busy ? 'common.saving' : 'common.save'} />
          </Button>
          {/* Not `disabled` once nothing is chosen: pressing it empties the choice, and a disabled button would drop the focus. */}
          <Button
            busy={busy}
            aria-disabled={busy || chosen.size === 0 || undefined}
            onClick={() => setChosen(new Set())}
            variant="ghost"
            className="underline"
          >
            <FormattedMessage id="settings.content.show_all" />
          </Button>
        </div>
      </form>
    </div>
  );
}
