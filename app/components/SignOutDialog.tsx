/**
 * Shown before a person whose account has no password signs out: nothing else can bring the account back, so the
 * dialog says so and offers the two ways to keep it first (a password, or signing in on another device by its QR
 * code, approved from this one), or to sign out anyway. Accounts with a password sign out directly.
 */
import { useId } from 'react';
import { localizedPath } from '../../core/locales.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';
import { Button, buttonClass } from './ui/Button.tsx';
import { Dialog } from './ui/Dialog.tsx';

export function SignOutDialog({ onClose, onSignOut, busy }: { onClose: () => void; onSignOut: () => void; busy: boolean }) {
  const { locale } = useSession();
  const ids = { body: useId(), device: useId() };
  return (
    <Dialog onClose={onClose} title={<FormattedMessage id="auth.signout_guard.title" />} size="lg">
      <p id={ids.body}>
        <FormattedMessage id="auth.signout_guard.body" />
      </p>
      <section aria-labelledby={ids.device} className="flex flex-col gap-1 rounded-lg bg-stone-100 p-3 text-sm dark:bg-stone-800">
        <h3 id={ids.device} className="font-semibold">
          <FormattedMessage id="auth.signout_guard.other_device" />
        </h3>
        <p>
          <FormattedMessage id="auth.signout_guard.qr_steps" />
        </p>
      </section>
      <div className="flex flex-wrap gap-2">
        <AppLink to={localizedPath(locale, '/settings/account')} onClick={onClose} className={buttonClass('primary')}>
          <FormattedMessage id="settings.account.password_add" />
        </AppLink>
        <Button onClick={onClose}>
          <FormattedMessage id="auth.signout_guard.cancel" />
        </Button>
        <Button onClick={onSignOut} busy={busy} variant="danger" className="ms-auto">
          <FormattedMessage id="auth.signout_guard.sign_out_anyway" />
        </Button>
      </div>
    </Dialog>
  );
}
