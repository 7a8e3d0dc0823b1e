/** Change nickname (settings layout): take a fresh suggestion or write one's own (3–30 characters). */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { LIMITS } from '../../../core/limits.ts';
import { graphemeLength } from '../../../core/text.ts';
import { errorMessage } from '../../components/core/errors.ts';
import { PageHeading } from '../../components/Status.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { controlClass, Field } from '../../components/ui/Field.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { ApiError } from '../../lib/api.ts';
import { loaderApi, requireUser } from '../../lib/guard.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { required } from '../../lib/route-check.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/nickname';

type Suggestion = { id: number; nickname: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { nickname: user.nickname, suggestions: (await required(request, loaderApi(context).nicknameSuggestions())).data };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'changeNickname', { noindex: true });

/** The choice is a suggestion by id, or the member's own words. */
type Choice = { kind: 'suggestion'; id: number } | { kind: 'own' };

export default function ChangeNickname({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api, user } = useSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [suggestions, setSuggestions] = useState<Suggestion[]>(loaderData.suggestions);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [own, setOwn] = useState('');
  const [busy, setBusy] = useState<'save' | 'more' | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function more() {
    setBusy('more');
    try {
      setSuggestions((await api.nicknameSuggestions()).data);
      setChoice(null);
    } catch (err) {
      toast.error(errorMessage(err, intl));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!user || !choice) return;
    setBusy('save');
    setFieldError(null);
    try {
      await api.updateAccount(user.id, choice.kind === 'suggestion' ? { nickname_id: choice.id } : { nickname: own.trim() });
      toast.success(intl.formatMessage({ id: 'settings.nickname.saved' }));
      setOwn('');
      setChoice(null);
      await revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VALIDATION') {
        setFieldError(Object.values(err.body.errors ?? {})[0]?.[0] ?? err.message);
        // The suggestion was taken by someone else after it was offered: the message says so over fresh ones.
        if (err.body.errors?.nickname_id) await more();
      } else toast.error(errorMessage(err, intl));
    } finally {
      setBusy(null);
    }
  }

  const ownLength = graphemeLength(own.trim());
  const ownValid = ownLength >= LIMITS.nickname.min && ownLength <= LIMITS.nickname.max;
  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.nickname.current" values={{ nickname: <bdi>{loaderData.nickname}</bdi> }} />}>
        <FormattedMessage id="settings.nickname.heading" />
      </PageHeading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="flex flex-col gap-6"
      >
        <Panel as="fieldset" padding="lg">
          <legend className="px-1 font-semibold">
            <FormattedMessage id="settings.nickname.suggestions" />
          </legend>
          <ul className="mt-2 flex flex-col gap-2">
            {suggestions.map((s) => (
              <li key={s.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="nickname"
                    checked={choice?.kind === 'suggestion' && choice.id === s.id}
                    onChange={() => setChoice({ kind: 'suggestion', id: s.id })}
                    className="accent-brand-600"
                  />
                  <span dir="auto">{s.nickname}</span>
                </label>
              </li>
            ))}
            <li>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="nickname"
                  checked={choice?.kind === 'own'}
                  onChange={() => setChoice({ kind: 'own' })}
                  className="accent-brand-600"
                />
                <FormattedMessage id="settings.nickname.own" />
              </label>
            </li>
          </ul>
          <Button onClick={more} busy={busy === 'more'} disabled={busy === 'save'} variant="link" className="mt-3 text-sm">
            <FormattedMessage id={busy === 'more' ? 'common.loading' : 'settings.nickname.more'} />
          </Button>
        </Panel>
        {choice?.kind === 'own' ? (
          <Field
            label={<FormattedMessage id="settings.nickname.own_label" />}
            labelClassName="font-medium"
            hint={
              fieldError ? undefined : (
                <FormattedMessage id="settings.nickname.rule" values={{ min: LIMITS.nickname.min, max: LIMITS.nickname.max }} />
              )
            }
            error={fieldError}
          >
            {(control) => (
              <input
                {...control}
                value={own}
                onChange={(e) => setOwn(e.target.value)}
                dir="auto"
                maxLength={LIMITS.nickname.max * 2}
                className={controlClass}
              />
            )}
          </Field>
        ) : fieldError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {fieldError}
          </p>
        ) : null}
        <div>
          <Button
            type="submit"
            busy={busy === 'save'}
            disabled={busy === 'more' || !choice || (choice.kind === 'own' && !ownValid)}
            variant="primary"
            size="lg"
          >
            <FormattedMessage id={busy === 'save' ? 'common.saving' : 'common.save'} />
          </Button>
        </div>
      </form>
    </>
  );
}
