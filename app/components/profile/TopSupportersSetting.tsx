/** Whether one appears in the monthly top supporters (decision 024): saved at once, put back with the reason on failure. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';

export function TopSupportersSetting({ userId, initial }: { userId: number; initial: boolean }) {
  const { api } = useSession();
  const intl = useIntl();
  const toast = useToast();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function flip() {
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      const { user } = await api.updateAccount(userId, { show_in_top_supporters: next });
      setOn(user.show_in_top_supporters);
      toast.success(intl.formatMessage({ id: 'settings.saved' }));
    } catch (err) {
      setOn(!next);
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <label className="mt-4 flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        checked={on}
        disabled={busy}
        onChange={flip}
        className="mt-1 accent-brand-600"
        aria-describedby="top-supporters-hint"
        data-testid="top-supporters-setting"
      />
      <span>
        <FormattedMessage id="profile.top_supporters_setting" />
        <span id="top-supporters-hint" className="block text-stone-600 dark:text-stone-400">
          <FormattedMessage id="profile.top_supporters_hint" />
        </span>
      </span>
    </label>
  );
}
