/**
 * The private, kind notice someone receives when another member said they are worried about them ("I'm worried
 * about this person"): a calm panel at the top of their pages, with the way to help now, dismissible. It never
 * says who sent it.
 */
import { useEffect, useState } from 'react';
import { localizedPath } from '../../../core/locales.ts';
import { HELP_PATH } from '../../../core/moderation.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { useToast } from '../../lib/toast.tsx';
import { AppLink } from '../AppLink.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';

export function CareNotice() {
  const { api, user, locale } = useSession();
  const toast = useToast();
  const [notice, setNotice] = useState<{ id: number } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) {
      setNotice(null);
      return;
    }
    let live = true;
    // The page is whole without it: a failure leaves the panel out, and the next page asks again.
    api
      .careNotices()
      .then((r) => {
        if (live) setNotice(r.data[0] ?? null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, user]);

  if (!notice) return null;

  async function dismiss(id: number) {
    setBusy(true);
    try {
      await api.dismissCareNotice(id);
      setNotice(null);
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="care-notice-heading"
      data-testid="care-notice"
      className="mb-6 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-50"
    >
      <h2 id="care-notice-heading" className="font-semibold">
        <FormattedMessage id="care.title" />
      </h2>
      <p className="mt-1 text-sm">
        <FormattedMessage id="care.text" />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <AppLink to={localizedPath(locale, HELP_PATH)} className={buttonClass('primary', 'sm')}>
          <FormattedMessage id="care.help" />
        </AppLink>
        <Button size="sm" variant="ghost" busy={busy} onClick={() => dismiss(notice.id)}>
          <FormattedMessage id="care.dismiss" />
        </Button>
      </div>
    </section>
  );
}
