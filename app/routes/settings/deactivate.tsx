/**
 * Deactivate account (settings layout): erases the account and everything in it (DESIGN.md: erase on
 * deactivate). The member confirms, and gives their password if they set one.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { localizedPath } from '../../../core/locales.ts';
import { ErrorAlert } from '../../components/core/ErrorAlert.tsx';
import { PageHeading } from '../../components/Status.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { controlClass, Field } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { requireUser } from '../../lib/guard.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useActivePath } from '../../lib/language.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/deactivate';
import { DownloadData, refusal } from './account.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { hasPassword: user.has_password };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'deactivateAccount', { noindex: true });

const ERASED = ['posts', 'conversations', 'profile', 'sessions'] as const;

export default function Deactivate({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api, locale, endSession, endingHere } = useSession();
  const toActive = useActivePath();
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = { error: useId() };
  const wrongPassword = errors.fields.password;
  // Once its error is tied to it, so a screen reader reads the two together.
  useEffect(() => {
    if (wrongPassword) passwordRef.current?.focus();
  }, [wrongPassword]);

  async function deactivate() {
    setBusy(true);
    setErrors({ fields: {}, form: null });
    try {
      await endingHere(async () => {
        await api.deactivate(loaderData.hasPassword ? password : undefined);
        endSession();
      });
      toast.success(intl.formatMessage({ id: 'settings.deactivate.done' }));
      await navigate(toActive(localizedPath(locale, '/')));
      await revalidator.revalidate();
    } catch (err) {
      const refused = refusal(err, intl);
      // The password is the one field here; anything else the server names is said for the whole form.
      const { password, ...other } = refused.fields;
      setErrors({ fields: password ? { password } : {}, form: refused.form ?? Object.values(other)[0] ?? null });
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.deactivate.intro" />}>
        <FormattedMessage id="settings.deactivate.heading" />
      </PageHeading>
      <div className="mb-6">
        <DownloadData />
      </div>
      <ul className="mb-6 list-disc ps-6 text-stone-700 dark:text-stone-300">
        {ERASED.map((k) => (
          <li key={k}>
            <FormattedMessage id={`settings.deactivate.erased_${k}`} />
          </li>
        ))}
      </ul>
      <Panel
        as="form"
        onSubmit={(e) => {
          e.preventDefault();
          void deactivate();
        }}
        tone="danger"
        padding="lg"
        className="flex flex-col gap-4"
      >
        {loaderData.hasPassword ? (
          <Field
            label={<FormattedMessage id="auth.password" />}
            labelClassName="font-medium"
            error={wrongPassword}
            errorId={errors.form ? ids.error : undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={passwordRef}
                type="password"
                autoComplete="current-password"
                required
                maxLength={200}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className={controlClass}
              />
            )}
          </Field>
        ) : null}
        <label className="flex items-start gap-2">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} className="mt-1 accent-red-700" />
          <FormattedMessage id="settings.deactivate.confirm" />
        </label>
        {errors.form ? <ErrorAlert id={ids.error}>{errors.form}</ErrorAlert> : null}
        <div>
          {/* busy, not disabled: a disabled button would drop the focus to the page while the erasure runs. */}
          <Button type="submit" busy={busy} disabled={!confirmed || (loaderData.hasPassword && !password)} variant="danger" size="lg">
            <FormattedMessage id={busy ? 'settings.deactivate.working' : 'settings.deactivate.submit'} />
          </Button>
        </div>
      </Panel>
    </>
  );
}
