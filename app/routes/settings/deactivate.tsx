/**
 * Deactivate account (settings layout): erases the account and everything in it (DESIGN.md: erase on
 * deactivate). The member confirms, and gives their password if they set one.
 */
import { useId, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { localizedPath } from '../../../core/locales.ts';
import { ErrorAlert } from '../../components/core/ErrorAlert.tsx';
import { PageHeading } from '../../components/Status.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { controlClass, Field } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { ApiError } from '../../lib/api.ts';
import { requireUser } from '../../lib/guard.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useActivePath } from '../../lib/language.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/deactivate';
import { DownloadData } from './account.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { hasPassword: user.has_password };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'deactivateAccount', { noindex: true });

const ERASED = ['posts', 'conversations', 'profile', 'sessions'] as const;

export default function Deactivate({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api, locale, endSession } = useSession();
  const toActive = useActivePath();
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { error: useId() };

  async function deactivate() {
    setBusy(true);
    setError(null);
    try {
      await api.deactivate(loaderData.hasPassword ? password : undefined);
      toast.success(intl.formatMessage({ id: 'settings.deactivate.done' }));
      endSession();
      await navigate(toActive(localizedPath(locale, '/')));
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : intl.formatMessage({ id: 'errors.network' }));
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
          <Field label={<FormattedMessage id="auth.password" />} labelClassName="font-medium" errorId={error ? ids.error : undefined}>
            {(control) => (
              <input
                {...control}
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
        {error ? <ErrorAlert id={ids.error}>{error}</ErrorAlert> : null}
        <div>
          <Button type="submit" disabled={busy || !confirmed || (loaderData.hasPassword && !password)} variant="danger" size="lg">
            <FormattedMessage id={busy ? 'settings.deactivate.working' : 'settings.deactivate.submit'} />
          </Button>
        </div>
      </Panel>
    </>
  );
}
