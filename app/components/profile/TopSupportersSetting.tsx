/** Whether one appears in the monthly top supporters (decision 024): saved at once, put back with the reason on failure. */
import { FormattedMessage } from '../../lib/intl.tsx';
import { useSavedAtOnce } from '../../lib/saved-at-once.ts';
import { useSession } from '../../lib/session.tsx';

export function TopSupportersSetting({ userId, initial }: { userId: number; initial: boolean }) {
  const { api } = useSession();
  // Saved in turn and never disabled while saving, which dropped the keyboard focus (decision 073).
  const saved = useSavedAtOnce({ show_in_top_supporters: initial }, async (change) => ({
    show_in_top_supporters: (await api.updateAccount(userId, change)).user.show_in_top_supporters,
  }));
  const on = saved.shown.show_in_top_supporters;

  return (
    <label className="mt-4 flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        checked={on}
        aria-busy={saved.saving || undefined}
        onChange={() => saved.change({ show_in_top_supporters: !on })}
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
