/**
 * Sign-in details (settings layout): an optional email and password, which let a person sign in to this same
 * account on another device or after signing out (API.md "Sign-in and the user"), and "Download my data".
 * Changing the password signs out every other session, and the screen says so.
 */
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { LIMITS } from '../../../core/limits.ts';
import { errorMessage } from '../../components/core/errors.ts';
import { PageHeading } from '../../components/Status.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { controlClass, Field } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { ApiError } from '../../lib/api.ts';
import { requireUser } from '../../lib/guard.ts';
import { FormattedMessage, type IntlShape, useIntl } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/account';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { username: user.username, email: user.email, hasPassword: user.has_password };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'accountSettings', { noindex: true });

/** The server's words for each field of a refused form (422 VALIDATION), else one message for the whole form. */
export function refusal(err: unknown, intl: IntlShape): { fields: Record<string, string>; form: string | null } {
  if (err instanceof ApiError && err.code === 'VALIDATION' && err.body.errors) {
    return { fields: Object.fromEntries(Object.entries(err.body.errors).map(([k, v]) => [k, v[0] ?? err.message])), form: null };
  }
  return { fields: {}, form: errorMessage(err, intl) };
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.account.intro" />}>
        <FormattedMessage id="settings.account.heading" />
      </PageHeading>
      <div className="flex flex-col gap-6">
        <PasswordForm hasPassword={loaderData.hasPassword} />
        <EmailForm username={loaderData.username} email={loaderData.email} />
        <DownloadData />
      </div>
    </>
  );
}

type PasswordValues = { current_password: string; password: string; password_confirmation: string };

/**
 * What is wrong with the password form now, per field, checked as the server checks it (the limits of
 * core/limits.ts, spaces alone are no password, the two new ones the same) and said in the page's language. The
 * fields carry none of the browser's own checks (`required`, `minLength`): their bubble speaks the browser's language,
 * and it stopped the form before an earlier error on the page was replaced, which stayed up, no longer true; nor
 * `maxLength`, which would cut a pasted passphrase short without a word (decision 074).
 */
export function passwordProblems(values: PasswordValues, hasPassword: boolean, intl: IntlShape): Record<string, string> {
  const say = (id: string, v?: Record<string, number>) => intl.formatMessage({ id }, v);
  const problems: Record<string, string> = {};
  if (hasPassword && values.current_password === '') problems.current_password = say('validation.required');
  const { min, max } = LIMITS.password;
  if (values.password.trim() === '') problems.password = say('validation.required');
  else if (values.password.length < min) problems.password = say('validation.too_short', { min });
  else if (values.password.length > max) problems.password = say('validation.too_long', { max });
  if (values.password_confirmation === '') problems.password_confirmation = say('validation.required');
  else if (values.password_confirmation !== values.password) problems.password_confirmation = say('validation.password_confirmation');
  return problems;
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const intl = useIntl();
  const { api } = useSession();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<PasswordValues>({ current_password: '', password: '', password_confirmation: '' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const [saved, setSaved] = useState(false);
  const headingId = useId();

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const problems = passwordProblems(values, hasPassword, intl);
    setErrors({ fields: problems, form: null });
    if (Object.keys(problems).length > 0) {
      // The first field to put right takes the focus; its error is read with it (Field's aria-describedby).
      const first = Object.keys(values).find((name) => problems[name]);
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.changePassword({ ...values, current_password: hasPassword ? values.current_password : undefined });
      setValues({ current_password: '', password: '', password_confirmation: '' });
      setSaved(true);
      await revalidator.revalidate();
    } catch (err) {
      setErrors(refusal(err, intl));
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof typeof values, autoComplete: string, label: string) => (
    <Field label={<FormattedMessage id={label} />} error={errors.fields[name]}>
      {(control) => (
        <input
          {...control}
          type="password"
          name={name}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(e) => {
            setValues((v) => ({ ...v, [name]: e.target.value }));
            // An error is about what was there when it was said: a change takes it away, and the whole form's too.
            // The two new passwords are one check, so a change to either clears "do not match".
            const cleared = name === 'password' ? [name, 'password_confirmation'] : [name];
            setErrors(({ fields }) => ({
              fields: Object.fromEntries(Object.entries(fields).filter(([k]) => !cleared.includes(k))),
              form: null,
            }));
            setSaved(false);
          }}
          className={controlClass}
        />
      )}
    </Field>
  );

  return (
    <Panel as="form" padding="lg" aria-labelledby={headingId} onSubmit={save} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-semibold">
        <FormattedMessage id={hasPassword ? 'settings.account.password_change' : 'settings.account.password_add'} />
      </h2>
      {hasPassword ? input('current_password', 'current-password', 'settings.account.current_password') : null}
      {input('password', 'new-password', 'settings.account.new_password')}
      {input('password_confirmation', 'new-password', 'settings.account.confirm_password')}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300" data-testid="password-saved">
          <FormattedMessage id="settings.account.password_saved" />
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          <FormattedMessage id="settings.account.password_save" />
        </Button>
      </div>
    </Panel>
  );
}

function EmailForm({ username, email }: { username: string; email: string | null }) {
  const intl = useIntl();
  const { api } = useSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [value, setValue] = useState(email ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({ fields: {}, form: null });
  const headingId = useId();

  // Nothing to save: the button says so (aria-disabled) but keeps the focus it has after a save.
  const unchanged = value.trim() === (email ?? '');

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy || unchanged) return;
    setBusy(true);
    setErrors({ fields: {}, form: null });
    try {
      await api.updateProfileInformation({ email: value.trim() || null });
      toast.success(intl.formatMessage({ id: 'settings.account.email_saved' }));
      await revalidator.revalidate();
    } catch (err) {
      setErrors(refusal(err, intl));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel as="form" padding="lg" aria-labelledby={headingId} onSubmit={save} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-semibold">
        <FormattedMessage id="settings.account.sign_in_names" />
      </h2>
      <p className="text-sm">
        <FormattedMessage
          id="settings.account.username"
          values={{
            username: (
              <bdi className="font-mono font-semibold" data-testid="account-username">
                {username}
              </bdi>
            ),
          }}
        />
      </p>
      <Field
        label={<FormattedMessage id="settings.account.email" />}
        hint={<FormattedMessage id="settings.account.email_hint" />}
        error={errors.fields.email}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            dir="ltr"
            maxLength={LIMITS.email}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={controlClass}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={busy} aria-disabled={busy || unchanged || undefined}>
          <FormattedMessage id="settings.account.email_save" />
        </Button>
      </div>
    </Panel>
  );
}

/** A plain link: the browser downloads the file the server names (Content-Disposition), signed in by its cookie. */
export function DownloadData() {
  const headingId = useId();
  return (
    <Panel as="section" padding="lg" aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-semibold">
        <FormattedMessage id="settings.data.heading" />
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        <FormattedMessage id="settings.data.intro" />
      </p>
      <div>
        <a href="/api/export" download className={buttonClass('secondary')}>
          <FormattedMessage id="settings.data.download" />
        </a>
      </div>
    </Panel>
  );
}
