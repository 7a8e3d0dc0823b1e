/**
 * Notification settings (settings layout): which notifications the member receives. Each switch calls the
 * API.md toggle for it; a failure puts the switch back and says why.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NotificationSettings } from '../../../core/types.ts';
import { PageHeading } from '../../components/Status.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { requireUser } from '../../lib/guard.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import type { Route } from './+types/notifications';

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { settings: user.notification_settings };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notificationSettings', { noindex: true });

const KINDS = ['support', 'advice', 'message'] as const;

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { api } = useSession();
  const toast = useToast();
  const [settings, setSettings] = useState<NotificationSettings>(loaderData.settings);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(kind: (typeof KINDS)[number]) {
    setBusy(kind);
    try {
      const res = await api.toggleNotification(kind);
      setSettings(res.notification_settings);
      toast.success(intl.formatMessage({ id: 'settings.saved' }));
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.notifications.intro" />}>
        <FormattedMessage id="settings.notifications.heading" />
      </PageHeading>
      <ul className="flex flex-col gap-3">
        {KINDS.map((kind) => (
          <Panel as="li" key={kind}>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                role="switch"
                checked={settings[kind]}
                aria-checked={settings[kind]}
                disabled={busy !== null}
                aria-busy={busy === kind}
                onChange={() => toggle(kind)}
                className="mt-1 size-5 accent-brand-600"
              />
              <span>
                <span className="block font-medium">
                  <FormattedMessage id={`settings.notifications.${kind}`} />
                </span>
                <span className="block text-sm text-stone-600 dark:text-stone-400">
                  <FormattedMessage id={`settings.notifications.${kind}_hint`} />
                </span>
              </span>
            </label>
          </Panel>
        ))}
      </ul>
    </>
  );
}
