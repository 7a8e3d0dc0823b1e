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
      {open ? (
        <span className="relative" data-testid="moderation-count">
          <span
            aria-hidden="true"
            className="ms-1.5 inline-block min-w-5 rounded-full bg-amber-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
          >
            {intl.formatNumber(open)}
          </span>
          <span className="sr-only">{intl.formatMessage({ id: 'nav.moderation_open' }, { count: intl.formatNumber(open) })}</span>
        </span>
      ) : null}
    </AppNavLink>
  );
}
