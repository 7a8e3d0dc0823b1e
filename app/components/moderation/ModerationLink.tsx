/**
 * The header's way to /moderation, shown to moderators only (the signed-in user's `is_moderator`; the server still
 * decides on every call), with the number of open queue entries. The number is asked for once, then again whenever
 * the queue changes (the moderators' socket room), so it follows reports and crisis signals as they come.
 */
import { useCallback, useEffect, useState } from 'react';
import { localizedPath } from '../../../core/locales.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { revealOnFocus } from '../../lib/reveal.ts';
import { useSession } from '../../lib/session.tsx';
import { useModerationWatch, useSocketConnect, useSocketEvent } from '../../lib/socket.ts';
import { AppNavLink } from '../AppLink.tsx';
import { CountBadge } from '../ui/CountBadge.tsx';

export function ModerationLink({ className }: { className: string }) {
  const { api, locale } = useSession();
  const intl = useIntl();
  const [open, setOpen] = useState<number | null>(null);
  useModerationWatch();
  const refresh = useCallback(() => {
    api.moderationSummary().then(
      (res) => setOpen(res.data.open),
      () => {
        // Without the number the link still leads to the queue; the next change or page asks again.
      },
    );
  }, [api]);
  useEffect(refresh, [refresh]);
  useSocketEvent('moderation:queue', refresh);
  useSocketConnect(refresh);

  return (
    <AppNavLink to={localizedPath(locale, '/moderation')} className={className} onFocus={revealOnFocus} data-testid="moderation-link">
      <FormattedMessage id="nav.moderation" />
      <CountBadge
        count={open ?? 0}
        label={intl.formatMessage({ id: 'nav.moderation_open' }, { count: intl.formatNumber(open ?? 0) })}
        tone="amber"
        testId="moderation-count"
      />
    </AppNavLink>
  );
}
