/**
 * Notification settings (settings layout): which kinds of notification the member receives, one switch per kind
 * (GET/PUT /api/notification-settings; support, advice and message are the same switches as API.md's
 * `/api/disable-{kind}-notification`). A kind switched off creates no notification and no push. A failure puts the
 * switch back and says why.
 */
import { NOTIFICATION_TYPES, type NotificationKinds, type NotificationType } from '../../../core/notifications.ts';
import { PageHeading } from '../../components/Status.tsx';
import { PushSettings } from '../../components/settings/PushSettings.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { loaderApi, requireUser } from '../../lib/guard.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { required } from '../../lib/route-check.ts';
import { useSavedAtOnce } from '../../lib/saved-at-once.ts';
import { useSession } from '../../lib/session.tsx';
import type { Route } from './+types/notifications';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context);
  return { kinds: (await required(request, loaderApi(context).notificationSettings())).kinds };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notificationSettings', { noindex: true });

/** Kinds with a longer explanation under their name (the three the settings page always had). */
const HINTED = new Set<NotificationType>(['support', 'advice', 'message']);

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { api } = useSession();
  // Quick flips of several switches are saved in turn (merged); the switches are never disabled meanwhile, which
  // dropped the keyboard focus to the page's start (decision 073).
  const saved = useSavedAtOnce<NotificationKinds>(loaderData.kinds, async (change) => (await api.updateNotificationSettings(change)).kinds);
  const kinds = saved.shown;

  return (
    <>
      <PageHeading intro={<FormattedMessage id="settings.notifications.intro" />}>
        <FormattedMessage id="settings.notifications.heading" />
      </PageHeading>
      <ul className="flex flex-col gap-3">
        {NOTIFICATION_TYPES.map((kind) => (
          <Panel as="li" key={kind}>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                role="switch"
                checked={kinds[kind]}
                aria-checked={kinds[kind]}
                aria-busy={saved.busy(kind) || undefined}
                onChange={() => saved.change({ [kind]: !kinds[kind] })}
                data-kind={kind}
                className="mt-1 size-5 accent-brand-600"
              />
              <span>
                <span className="block font-medium">
                  <FormattedMessage id={`settings.notifications.${kind}`} />
                </span>
                {HINTED.has(kind) ? (
                  <span className="block text-sm text-stone-600 dark:text-stone-400">
                    <FormattedMessage id={`settings.notifications.${kind}_hint`} />
                  </span>
                ) : null}
              </span>
            </label>
          </Panel>
        ))}
      </ul>
      <PushSettings />
    </>
  );
}
