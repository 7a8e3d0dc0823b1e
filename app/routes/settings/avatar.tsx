/** Change avatar (settings layout): pick one of the avatars; the header shows it at once. */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { errorMessage } from '../../components/core/errors.ts';
import { PageHeading } from '../../components/Status.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { loaderApi, requireUser } from '../../lib/guard.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { required } from '../../lib/route-check.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/avatar';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { current: user.avatar?.id ?? null, avatars: (await required(request, loaderApi(context).avatars())).data };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'changeAvatar', { noindex: true });

export default function ChangeAvatar({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api, user } = useSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<number | null>(loaderData.current);
  const [busy, setBusy] = useState(false);

  // Nothing to save: the button says so (aria-disabled) but keeps the focus it has while and after saving.
  const unchanged = chosen === null || chosen === loaderData.current;

  async function save() {
    if (!user || busy || chosen === null || unchanged) return;
    setBusy(true);
    try {
      await api.updateAccount(user.id, { avatar_id: chosen });
      toast.success(intl.formatMessage({ id: 'settings.avatar.saved' }));
      await revalidator.revalidate();
    } catch (err) {
      toast.error(errorMessage(err, intl));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.avatar.intro" />}>
        <FormattedMessage id="settings.avatar.heading" />
      </PageHeading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend className="sr-only">
            <FormattedMessage id="settings.avatar.heading" />
          </legend>
          <div className="grid grid-cols-4 gap-3 sm:grid-cols-6">
            {loaderData.avatars.map((a, i) => (
              <label
                key={a.id}
                className="cursor-pointer rounded-full has-[:checked]:ring-4 has-[:checked]:ring-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
              >
                <input
                  type="radio"
                  name="avatar"
                  value={a.id}
                  checked={chosen === a.id}
                  onChange={() => setChosen(a.id)}
                  className="sr-only"
                />
                <img
                  src={a.url}
                  alt={intl.formatMessage({ id: 'settings.avatar.option' }, { number: i + 1 })}
                  width={80}
                  height={80}
                  className="aspect-square w-full rounded-full bg-stone-100"
                />
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" busy={busy} aria-disabled={busy || unchanged || undefined} variant="primary" size="lg" className="mt-6">
          <FormattedMessage id={busy ? 'common.saving' : 'common.save'} />
        </Button>
      </form>
    </>
  );
}
