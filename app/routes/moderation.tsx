/**
 * The moderators' queue (default layout): crisis items first, the newest of them first (decision 077), then by report
 * count, each with its reports, notes and context, and the actions keep, remove, warn and suspend. Everyone else,
 * signed out included, gets the not-found page, as the API answers them. The list reloads when the queue changes
 * (socket `moderation:queue`).
 */
import { type RefObject, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type ModerationAction, SUSPEND_DAYS } from '../../core/moderation.ts';
import type { queueItemSchema, reasonSchema } from '../../core/schemas/moderation.ts';
import { AppLink } from '../components/AppLink.tsx';
import { langOf } from '../components/core/RichText.tsx';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { Button, buttonClass } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { controlClass, Field } from '../components/ui/Field.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { ApiError } from '../lib/api.ts';
import { serverContext } from '../lib/context.ts';
import { textDir } from '../lib/direction.ts';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { keepPlace } from '../lib/keep-place.ts';
import { pageMeta } from '../lib/meta.ts';
import { failed, notFound } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import { useModerationWatch, useSocketEvent } from '../lib/socket.ts';
import { useToast } from '../lib/toast.tsx';
import type { Route } from './+types/moderation';

type QueueItem = z.output<typeof queueItemSchema>;
type Reason = z.output<typeof reasonSchema>;

export async function loader({ context, request }: Route.LoaderArgs) {
  // Signed out: the same not-found page as for a member, not the sign-in dialog, so the screen does not reveal itself.
  if (!context.get(serverContext).csrfToken) notFound(request);
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const api = loaderApi(context);
  try {
    const [queue, reasons] = await Promise.all([api.moderationQueue(page), api.moderationReasons()]);
    return { queue, reasons: reasons.data };
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'ROUTE_NOT_FOUND' || err.code === 'UNAUTHENTICATED')) notFound(request);
    failed(request, err);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'moderation', { noindex: true });

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { queue, reasons } = loaderData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  useModerationWatch();
  useSocketEvent('moderation:queue', () => {
    if (revalidator.state === 'idle') revalidator.revalidate();
  });
  const { current_page: page, last_page: last, total } = queue.meta;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };

  return (
    <>
      <PageHeading intro={<FormattedMessage id="moderation.queue_intro" values={{ count: total }} />}>
        <FormattedMessage id="moderation.heading" />
      </PageHeading>
      {queue.data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="moderation.queue_empty" />
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {queue.data.map((item) => (
            <li key={item.id}>
              <QueueCard item={item} reasons={reasons} />
            </li>
          ))}
        </ol>
      )}
      {last > 1 ? (
        <nav className="mt-6 flex items-center justify-between gap-2 text-sm" aria-labelledby="queue-pages">
          <h2 id="queue-pages" className="sr-only">
            <FormattedMessage id="moderation.pages" />
          </h2>
          {page > 1 ? (
            <AppLink to={pageLink(page - 1)} className={buttonClass('secondary', 'sm')}>
              <FormattedMessage id="moderation.previous" />
            </AppLink>
          ) : (
            <span />
          )}
          <span>
            <FormattedMessage id="moderation.page_of" values={{ page, last }} />
          </span>
          {page < last ? (
            <AppLink to={pageLink(page + 1)} className={buttonClass('secondary', 'sm')}>
              <FormattedMessage id="moderation.next" />
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/** An item's words as the queue shows them, in their own language and direction. */
const Quote = ({ language, children }: { language: string; children: string }) => (
  <blockquote
    className="mt-3 whitespace-pre-line break-words border-s-4 border-stone-300 ps-3 dark:border-stone-700"
    lang={langOf(language)}
    dir={textDir(children, language)}
  >
    {children}
  </blockquote>
);

function QueueCard({ item, reasons }: { item: QueueItem; reasons: Reason[] }) {
  const intl = useIntl();
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const [lifting, setLifting] = useState(false);
  const headingId = `queue-${item.id}-heading`;
  const card = useRef<HTMLElement>(null);
  return (
    // tabIndex: the focus comes to the card when the one before it leaves the queue (lib/keep-place.ts).
    <Panel ref={card} as="article" aria-labelledby={headingId} tabIndex={-1} raised data-testid="queue-item">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-semibold">
          <FormattedMessage id={`moderation.kind.${item.target}`} />
        </h2>
        {item.crisis ? (
          <span className={`${badge} bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100`}>
            <FormattedMessage id="moderation.crisis" />
          </span>
        ) : null}
        {item.appeal ? (
          <span className={`${badge} bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100`}>
            <FormattedMessage id="moderation.appeal" />
          </span>
        ) : null}
        <span className={`${badge} bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100`}>
          <FormattedMessage id={`moderation.state.${item.state}`} />
        </span>
        <span className="text-sm text-stone-600 dark:text-stone-400" data-testid="report-counts">
          <FormattedMessage id="moderation.reports_count" values={{ count: item.reports_count }} />
          {item.new_account_reports > 0 ? (
            // They do not count toward the hide (decision 056): the moderator sees why an item with three stays up.
            <>
              {' · '}
              <FormattedMessage id="moderation.new_account_reports" values={{ count: item.new_account_reports }} />
            </>
          ) : null}
        </span>
      </header>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="moderation.by" values={{ nickname: <bdi>{item.author.nickname}</bdi> }} />
        {item.author.suspended_until && new Date(item.author.suspended_until) > new Date() ? (
          // In a span of its own: "by {nickname}" ends in text in some languages (decision 050).
          <span>
            {` · ${intl.formatMessage(
              { id: 'moderation.suspended_until' },
              { date: intl.formatDate(item.author.suspended_until, { year: 'numeric', month: 'long', day: 'numeric' }) },
            )} `}
            <Button size="sm" variant="link" onClick={() => setLifting(true)} data-testid="lift-suspension">
              <FormattedMessage id="moderation.action.unsuspend" />
            </Button>
          </span>
        ) : null}
      </p>
      {lifting ? <LiftDialog item={item} onClose={() => setLifting(false)} /> : null}
      {item.queued_content === null ? (
        <Quote language={item.language}>{item.content}</Quote>
      ) : (
        // The author changed it after it was reported: the words reported first, then what stands now.
        <>
          <p className="mt-3 text-sm">
            <FormattedMessage id="moderation.queued_text" />
          </p>
          <Quote language={item.language}>{item.queued_content}</Quote>
          <p className="mt-3 text-sm">
            <FormattedMessage id={item.content === '' ? 'moderation.deleted_text' : 'moderation.edited_text'} />
          </p>
          {item.content === '' ? null : <Quote language={item.language}>{item.content}</Quote>}
        </>
      )}
      {item.context ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer">
            <FormattedMessage id={`moderation.context.${item.context.target}`} />
          </summary>
          <p
            className="mt-1 line-clamp-6 whitespace-pre-line break-words text-stone-700 dark:text-stone-300"
            dir={textDir(item.context.content)}
          >
            {item.context.content}
          </p>
        </details>
      ) : null}
      {item.reports.length > 0 ? (
        <section className="mt-3 text-sm">
          <h3 className="font-medium">
            <FormattedMessage id="moderation.reports_heading" />
          </h3>
          <ul className="mt-1 flex list-disc flex-col gap-1 ps-5">
            {item.reports.map((r, i) => (
              // Reports have no id of their own here (reporters are not named); their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders while shown
              <li key={i}>
                {r.note ? (
                  <>
                    {`${r.reason}: `}
                    <q dir="auto">{r.note}</q>
                  </>
                ) : (
                  r.reason
                )}
                {r.new_account ? (
                  // Which of them left the hide alone (decision 056), so the moderator can weigh each one.
                  <>
                    {' · '}
                    <FormattedMessage id="moderation.report_new_account" />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {item.queued_for === 'worried' ? (
        <p className="mt-3 text-sm">
          <FormattedMessage id="moderation.queued_worried" />
        </p>
      ) : null}
      {item.appeal_note ? (
        <p className="mt-3 text-sm">
          {`${intl.formatMessage({ id: 'moderation.appeal_note_label' })} `}
          <q dir="auto">{item.appeal_note}</q>
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {(['keep', 'remove', 'warn', 'suspend'] as const).map((action) => (
          <Button key={action} size="sm" variant={action === 'remove' ? 'danger' : 'secondary'} onClick={() => setActing(action)}>
            <FormattedMessage id={`moderation.action.${action}`} />
          </Button>
        ))}
      </div>
      {acting ? <ActionDialog item={item} action={acting} reasons={reasons} card={card} onClose={() => setActing(null)} /> : null}
    </Panel>
  );
}

/** Every action is confirmed in a dialog; remove and warn choose a reason from the list, suspend a number of days. */
function ActionDialog({
  item,
  action,
  reasons,
  card,
  onClose,
}: {
  item: QueueItem;
  action: ModerationAction;
  reasons: Reason[];
  /** The item's card, which leaves the queue when the action is done. */
  card: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const intl = useIntl();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [busy, setBusy] = useState(false);
  const needsReason = action === 'remove' || action === 'warn';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.moderate(item.id, {
        action,
        ...(needsReason ? { reason } : {}),
        ...(action === 'suspend' ? { days: Number(days) } : {}),
      });
      toast.success(res.message);
      keepPlace(card.current);
      onClose();
      await revalidator.revalidate();
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id={`moderation.action.${action}`} />} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <FormattedMessage id={`moderation.explain.${action}`} values={{ nickname: item.author.nickname }} />
        </p>
        {needsReason ? (
          <Field label={<FormattedMessage id="moderation.reason_label" />}>
            {(control) => (
              <select {...control} required value={reason} onChange={(e) => setReason(e.target.value)} className={controlClass}>
                <option value="" disabled>
                  {intl.formatMessage({ id: 'moderation.reason_choose' })}
                </option>
                {reasons.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {action === 'suspend' ? (
          <Field
            label={<FormattedMessage id="moderation.days_label" />}
            hint={<FormattedMessage id="moderation.days_range" values={SUSPEND_DAYS} />}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                required
                min={SUSPEND_DAYS.min}
                max={SUSPEND_DAYS.max}
                step={1}
                value={days}
                onChange={(e) => setDays(e.target.value)}
                className={controlClass}
              />
            )}
          </Field>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant={action === 'keep' ? 'primary' : 'danger'} busy={busy}>
            <FormattedMessage id={`moderation.action.${action}`} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Ends the author's suspension now, after a confirmation; the queue entry itself stays as it was. */
function LiftDialog({ item, onClose }: { item: QueueItem; onClose: () => void }) {
  const { api } = useSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await api.liftSuspension(item.author.id);
      toast.success(res.message);
      onClose();
      await revalidator.revalidate();
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={<FormattedMessage id="moderation.action.unsuspend" />} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <FormattedMessage id="moderation.explain.unsuspend" values={{ nickname: item.author.nickname }} />
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            <FormattedMessage id="moderation.action.unsuspend" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
