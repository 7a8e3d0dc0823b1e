/**
 * One conversation: its messages (older ones load as the reader scrolls up, keeping what they were reading in
 * place, and Back to it brings them and the place back), new ones arriving live, read receipts and typing when both
 * people turned them on, and the composer.
 * Seen on screen, the conversation is marked read, which clears its badge in every tab. A request stays folded
 * until its reader accepts, declines, or blocks and reports the person.
 */
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Conversation, Message, Paged } from '../../../core/types.ts';
import { ApiError } from '../../lib/api.ts';
import { textDir } from '../../lib/direction.ts';
import { entryMemory, useEntryPlace } from '../../lib/entries.ts';
import { focusLost } from '../../lib/focus.ts';
import { FormattedMessage, FormattedRelativeTime, useIntl } from '../../lib/intl.tsx';
import { removeAuthor } from '../../lib/items.ts';
import { useActivePath } from '../../lib/language.ts';
import { agoFrom, isHydrated, useNow } from '../../lib/now.ts';
import { useSession } from '../../lib/session.tsx';
import { useSocketConnect, useSocketEvent } from '../../lib/socket.ts';
import { useToast } from '../../lib/toast.tsx';
import { setUnread } from '../../lib/unread.ts';
import { AppLink } from '../AppLink.tsx';
import { BackArrow } from '../BackArrow.tsx';
import { ConfirmDialog, ReportDialog, reportedMarkId } from '../core/dialogs.tsx';
import type { ReportSent } from '../core/ReportDialog.tsx';
import { Button } from '../ui/Button.tsx';
import { Panel } from '../ui/Panel.tsx';
import { composerId, MessageComposer } from './MessageComposer.tsx';
import { newOutgoing, type Outgoing, useOutgoing } from './outgoing.ts';

/** How close to the top (px) the reader must scroll for the older messages to load. */
const NEAR_TOP = 120;
/** How long "typing…" stays after the other person's last keystroke signal. */
const TYPING_SHOWN_MS = 5000;

/**
 * A conversation as its history entry left it (decision 061): the messages shown, the older pages fetched (counted
 * back from `anchor`), and where the reader was, for Back to bring them back.
 */
interface Kept {
  messages: Message[];
  page: number;
  last: number;
  anchor: number | undefined;
  top: number;
  atEnd: boolean;
}
const kept = entryMemory<Kept>();

/**
 * What the thread opens with. Anew: the newest page, at the end. On Back: what its entry had, the kept messages as
 * the newest page has them now (seen since), then what came since (`came`), at the place the reader left. Unless
 * more came than the page holds: between the place and the page would be a gap, and the thread opens anew.
 */
function opening(was: Kept | undefined, first: Paged<Message>) {
  const newest = [...first.data].reverse();
  const anew = {
    messages: newest,
    page: first.meta.current_page,
    last: first.meta.last_page,
    anchor: first.data[0]?.id,
    top: null as number | null,
    atEnd: true,
    came: [] as Message[],
  };
  if (!was) return anew;
  const newestKept = was.messages.at(-1)?.id ?? 0;
  const came = newest.filter((m) => m.id > newestKept);
  if (came.length === newest.length && first.meta.current_page < first.meta.last_page) return anew;
  const now = new Map(newest.map((m) => [m.id, m]));
  return {
    ...was,
    messages: [...was.messages.map((m) => now.get(m.id) ?? m), ...came],
    top: was.atEnd ? null : was.top,
    came,
  };
}

/**
 * The address still opens this conversation. After a click away the router changes the address first and this
 * thread stays on screen until the next page renders: a message arriving then was not read.
 */
function addressed(id: number) {
  return new URLSearchParams(window.location.search).get('c') === String(id);
}

export function Thread({
  conversation: initial,
  first,
  backTo,
  acceptedTo,
  onChange,
  onLeave,
}: {
  conversation: Conversation;
  first: Paged<Message>;
  /** The list this conversation was opened from. */
  backTo: string;
  /** This conversation in the list of conversations, where it belongs once its request is accepted. */
  acceptedTo: string;
  /** The conversation changed (accepted, read, a message): the list shows it so. */
  onChange: (c: Conversation) => void;
  /** The conversation left the list (declined, its person blocked). */
  onLeave: (id: number) => void;
}) {
  const { api, draftOwner } = useSession();
  // Whose conversation this is: the signed-in person, or, while their session has lapsed (decision 063), the one
  // whose it was, so their messages stay theirs on screen until someone signs in again.
  const me = draftOwner;
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const toActive = useActivePath();
  const [conversation, setConversation] = useState(initial);
  const place = useEntryPlace(`conversation ${initial.id}`);
  const [opened] = useState(() => opening(kept.get(place), first));
  // Oldest first, as shown; the server pages newest first.
  const [messages, setMessages] = useState<Message[]>(opened.messages);
  const [older, setOlder] = useState({ page: opened.page, last: opened.last, loading: false, failed: false });
  const anchor = useRef(opened.anchor);
  const [typing, setTyping] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState<'block' | 'block-report' | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // My own messages can reach the thread before their requests answer, through the socket or the fetch on
  // connecting: each replaces its copy at once (`delivered`), so the thread never shows a message twice.
  const { outgoing, change: setOutgoing, delivered, accepted, waiting } = useOutgoing(initial.id, draftOwner, messages);
  /** The other person's messages that arrived while the thread was open, newest last, for screen readers. */
  const [arrived, setArrived] = useState<Message[]>([]);
  const focusComposer = useRef(false);
  /** The person "Block and report" is about, until the report's dialog closes. */
  const blockAfterReport = useRef<number | null>(null);
  const reportSent = useRef<ReportSent | null>(null);
  const scroller = useRef<HTMLOListElement>(null);
  /** Where the reader was before older messages were put above: distance from the bottom. */
  const keep = useRef<number | null>(null);
  const stickToEnd = useRef(opened.atEnd);
  /** Where the reader was, on Back: put back once the messages are shown. */
  const restoreTop = useRef(opened.top);

  const id = conversation.id;
  const other = conversation.other_user;
  const name = other?.nickname ?? intl.formatMessage({ id: 'chat.deleted_account' });
  const isRequest = conversation.status === 'request';

  /**
   * Every change builds on the conversation as last changed, not on a render's copy: a message's request that
   * answers after another message, or after one that arrived, keeps what they changed.
   */
  const latest = useRef(initial);
  const update = useCallback((next: (c: Conversation) => Conversation) => {
    latest.current = next(latest.current);
    setConversation(latest.current);
    return latest.current;
  }, []);
  const change = (next: (c: Conversation) => Conversation) => onChange(update(next));

  // Read when on screen: now, when a message arrives, and when the tab comes back into view.
  const unread = conversation.unread_count;
  const markRead = useCallback(() => {
    if (isRequest || document.visibilityState !== 'visible' || !addressed(id)) return;
    api.markConversationRead(id).then(setUnread, () => {
      // The badge stays; the next message or visit marks it again.
    });
    update((c) => (c.unread_count ? { ...c, unread_count: 0 } : c));
  }, [api, id, isRequest, update]);
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);
  // The list's badge goes as soon as the conversation is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening; later changes tell the list themselves.
  useEffect(() => {
    if (initial.unread_count > 0 && initial.status !== 'request') onChange({ ...initial, unread_count: 0 });
  }, []);

  /** Reads out the other person's new messages, each once (a live region announces what is added to it). */
  function announce(theirs: Message[]) {
    readOut(theirs.filter((m) => !messages.some((x) => x.id === m.id)));
  }
  function readOut(fresh: Message[]) {
    // A request's words stay folded until it is accepted, for the ear too.
    if (isRequest) return;
    // A few are kept, so one that arrives while the one before is still being read does not cut it off.
    if (fresh.length > 0) setArrived((a) => [...a, ...fresh].filter((m, i, all) => all.findIndex((x) => x.id === m.id) === i).slice(-3));
  }

  // Back to the conversation: what came meanwhile is read out as if it arrived now. And whenever it opens with the
  // focus nowhere (on a phone the row that opened it is hidden; after Back from another page it is on the page's
  // content), the messages take it, where the arrow keys scroll; not as the first page loads, which starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only.
  useEffect(() => {
    readOut(opened.came.filter((m) => m.sender_id !== me));
    if (isHydrated() && focusLost()) scroller.current?.focus({ preventScroll: true });
  }, []);

  /** What Back to this entry brings back. */
  function remember() {
    const el = scroller.current;
    kept.set(place, {
      messages,
      page: older.page,
      last: older.last,
      anchor: anchor.current,
      top: el?.scrollTop ?? 0,
      atEnd: stickToEnd.current,
    });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the entry or the messages change; onScroll keeps the place.
  useEffect(remember, [place, messages, older.page]);

  useSocketEvent('message', (m) => {
    if (m.conversation_id !== id) return;
    setMessages((ms) => (ms.some((x) => x.id === m.id) ? ms : [...ms, m]));
    if (m.sender_id === me) delivered([m]);
    else {
      announce([m]);
      setTyping(false);
      update((c) => ({ ...c, unread_count: c.unread_count + 1, last_message: m }));
    }
  });
  // Messages sent before the socket was listening, or while it was away, are fetched on connecting.
  useSocketConnect(() => {
    api.conversationMessages(id).then(catchUp, () => {});
  });
  /** The newest messages as the server has them: what came meanwhile joins the thread. */
  function catchUp(page: Paged<Message>) {
    const fresh = [...page.data].reverse();
    setMessages((ms) => [...ms, ...fresh.filter((m) => !ms.some((x) => x.id === m.id))].sort((x, y) => x.id - y.id));
    delivered(fresh.filter((m) => m.sender_id === me));
    const missed = fresh.filter((m) => m.sender_id !== me && !messages.some((x) => x.id === m.id));
    announce(missed);
    if (missed.length > 0) update((c) => ({ ...c, unread_count: c.unread_count + missed.length }));
  }
  useSocketEvent('messages:seen', (e) => {
    if (e.conversation_id !== id) return;
    setMessages((ms) => ms.map((m) => (m.sender_id === me && !m.seen_at && m.created_at <= e.seen_at ? { ...m, seen_at: e.seen_at } : m)));
  });
  useSocketEvent('typing', (e) => {
    if (e.conversation_id === id && e.user_id !== me) setTyping(true);
  });
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  // Opening shows the newest messages (on Back, the place the reader left); a new one keeps the view at the end if
  // the reader was there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the messages shown.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (restoreTop.current !== null) {
      el.scrollTop = restoreTop.current;
      restoreTop.current = null;
    } else if (keep.current !== null) {
      el.scrollTop = el.scrollHeight - keep.current;
      keep.current = null;
    } else if (stickToEnd.current) el.scrollTop = el.scrollHeight;
  }, [messages, outgoing, typing]);

  async function loadOlder() {
    if (older.loading || older.page >= older.last) return;
    setOlder((o) => ({ ...o, loading: true, failed: false }));
    try {
      const next = await api.conversationMessages(id, older.page + 1, anchor.current);
      const el = scroller.current;
      if (el) keep.current = el.scrollHeight - el.scrollTop;
      setMessages((ms) => [...[...next.data].reverse().filter((m) => !ms.some((x) => x.id === m.id)), ...ms]);
      setOlder({ page: next.meta.current_page, last: next.meta.last_page, loading: false, failed: false });
    } catch {
      setOlder((o) => ({ ...o, loading: false, failed: true }));
    }
  }

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    remember();
    if (el.scrollTop < NEAR_TOP && !older.failed) void loadOlder();
  }

  /**
   * Sends a message written here: it shows at once as sending; once the server takes it, it joins the list (the
   * socket's copy of it is then a repeat); refused or lost, it stays as not sent, with a way to try again. A retry
   * first looks whether the server has it after all (its answer lost, or the page gone before it came).
   */
  async function send(content: string, retry?: Outgoing) {
    stickToEnd.current = true;
    const item = retry
      ? { ...retry, failed: false }
      : newOutgoing(
          content,
          messages.reduce((newest, m) => Math.max(newest, m.id), 0),
        );
    setOutgoing((os) => (retry ? os.map((o) => (o.key === item.key ? item : o)) : [...os, item]));
    try {
      if (retry) {
        const page = await api.conversationMessages(id);
        catchUp(page);
        if (!waiting(item.key)) return;
      }
      const { data: m } = await api.sendMessage(id, content);
      accepted(item.key, m);
      setMessages((ms) => (ms.some((x) => x.id === m.id) ? ms : [...ms, m]));
      change((c) =>
        c.last_message && c.last_message.id > m.id
          ? { ...c, status: 'accepted' }
          : { ...c, status: 'accepted', last_message: m, updated_at: m.created_at },
      );
    } catch (err) {
      // Refused for good (a block, their settings): no retry can deliver it, and the composer says so. Which reason
      // stays untold, as the server's one refusal does.
      const refused = err instanceof ApiError && err.code === 'MESSAGE_NOT_ALLOWED';
      setOutgoing((os) => os.map((o) => (o.key === item.key ? { ...o, failed: true, final: refused } : o)));
      if (refused) update((c) => ({ ...c, can_reply: false }));
      toast.failed(err);
    }
  }

  // Accepted, the buttons that had the focus are gone: it goes to the box where the reply is written.
  useEffect(() => {
    if (isRequest || !focusComposer.current) return;
    focusComposer.current = false;
    document.getElementById(composerId(id))?.focus();
  }, [isRequest, id]);

  async function accept() {
    setBusy(true);
    try {
      const { data } = await api.acceptRequest(id);
      focusComposer.current = true;
      change(() => data);
      setBusy(false);
      // Among the conversations now, so the way back leads there and not to the requests it left.
      await navigate(toActive(acceptedTo), { replace: true, preventScrollReset: true });
    } catch (err) {
      toast.failed(err);
      setBusy(false);
    }
  }

  async function decline() {
    setBusy(true);
    try {
      setUnread(await api.declineRequest(id));
      onLeave(id);
      toast.success(intl.formatMessage({ id: 'chat.declined' }));
      await navigate(toActive(backTo));
    } catch (err) {
      toast.failed(err);
      setBusy(false);
    }
  }

  async function unblock() {
    if (!other) return;
    setBusy(true);
    try {
      await api.unblock(other.id);
      // Whether they may be written to again (their own settings, a block of theirs) is the server's to say.
      const { data } = await api.conversation(id);
      change(() => data);
      toast.success(intl.formatMessage({ id: 'settings.blocked.unblocked' }, { nickname: other.nickname }));
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function block(andReport: boolean, report?: ReportSent) {
    if (!other) return;
    // Block and report: the report first (its dialog takes the person's keys and clicks), then the block, which takes
    // the conversation from the list and gives the focus to the one in its place, as Block alone does. Left with
    // the report still open (Back, a link), the thread's cleanup blocks all the same.
    const last = andReport ? [...messages].reverse().find((m) => m.sender_id === other.id) : undefined;
    if (last) {
      blockAfterReport.current = other.id;
      setReporting(last.id);
      return;
    }
    try {
      await api.block(other.id);
      removeAuthor(other.id);
      onLeave(id);
      const blocked = intl.formatMessage({ id: 'person.blocked' }, { nickname: other.nickname });
      // After a report, one toast says both (they come one at a time): the report's thanks, then the block.
      if (report) toast.success(report.message, [blocked, report.description].filter(Boolean).join(' '));
      else toast.success(blocked);
      await navigate(toActive(backTo));
    } catch (err) {
      toast.failed(err);
    }
  }
  // The thread left while the report of "Block and report" was open: the block the person confirmed still happens,
  // also when the tab is closed or reloaded (no cleanup runs then; the call is made to outlive the page). Blocking
  // twice is harmless, so a page kept for Back that comes back still ends the flow as usual.
  useEffect(() => {
    const leaving = () => {
      if (blockAfterReport.current !== null) void api.block(blockAfterReport.current, { keepalive: true }).catch(() => {});
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('pagehide', leaving);
      if (blockAfterReport.current !== null) void api.block(blockAfterReport.current).catch(() => {});
    };
  }, [api]);

  const hasOlder = older.page < older.last;
  return (
    <Panel as="section" aria-labelledby="thread-heading" padding="none" className="flex min-h-chat flex-col md:min-h-0">
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
        <AppLink to={backTo} className="rounded-full px-2 py-1 text-brand-700 md:hidden dark:text-brand-100">
          <BackArrow />
          <span className="sr-only">
            <FormattedMessage id="chat.back" />
          </span>
        </AppLink>
        {other?.avatar ? <img src={other.avatar.url} alt="" width={32} height={32} className="shrink-0 rounded-full" /> : null}
        <h2 id="thread-heading" className="min-w-0 flex-1 truncate font-semibold" dir="auto">
          {name}
        </h2>
        {other && conversation.blocked_by_me ? (
          // Opened again after a block (an old notification, an address): the way back, not a second block.
          <Button
            variant="ghost"
            size="sm"
            busy={busy}
            aria-label={intl.formatMessage({ id: 'settings.blocked.unblock_label' }, { nickname: other.nickname })}
            onClick={unblock}
          >
            <FormattedMessage id="settings.blocked.unblock" />
          </Button>
        ) : other ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirmBlock('block')}>
            <FormattedMessage id="person.block" />
          </Button>
        ) : null}
      </header>
      {isRequest && other && conversation.blocked_by_me ? (
        // A request from someone I blocked (opened again from a notification, an address): the header's Unblock is
        // the only way on; accepting would open their words, and the server refuses it (UNBLOCK_FIRST).
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <p>
            <FormattedMessage id="person.blocked" values={{ nickname: name }} />
          </p>
        </div>
      ) : isRequest ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <p>
            <FormattedMessage id="chat.request_folded" values={{ nickname: name }} />
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="primary" busy={busy} onClick={accept}>
              <FormattedMessage id="chat.accept" />
            </Button>
            <Button busy={busy} onClick={decline}>
              <FormattedMessage id="chat.decline" />
            </Button>
            {other ? (
              <Button variant="ghost" busy={busy} onClick={() => setConfirmBlock('block-report')}>
                <FormattedMessage id="chat.block_report" />
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <ol
            ref={scroller}
            onScroll={onScroll}
            aria-label={intl.formatMessage({ id: 'chat.thread_label' }, { nickname: name })}
            aria-busy={older.loading}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the message list scrolls, so the keyboard must be able to reach it.
            tabIndex={0}
            className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <li className="text-center text-sm text-stone-500 dark:text-stone-400">
              {hasOlder ? (
                <Button variant="ghost" size="sm" busy={older.loading} onClick={loadOlder}>
                  <FormattedMessage id={older.loading ? 'common.loading' : older.failed ? 'common.retry' : 'chat.older'} />
                </Button>
              ) : messages.length > 0 || !conversation.can_reply ? (
                <FormattedMessage id="chat.start" />
              ) : (
                <FormattedMessage id="chat.first_message" values={{ nickname: name }} />
              )}
            </li>
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.sender_id === me}>
                {m.sender_id === me ? (
                  // Hidden pending review after reports: the other person no longer sees it, and its author is told.
                  m.under_review ? (
                    <span className="font-medium text-amber-800 dark:text-amber-200">
                      <FormattedMessage id="moderation.under_review" />
                    </span>
                  ) : m.seen_at ? (
                    <FormattedMessage id="chat.seen" />
                  ) : null
                ) : m.reported ? (
                  // One report each: a second would only be refused once its form was filled.
                  <span id={reportedMarkId('message', m.id)}>
                    <FormattedMessage id="chat.reported" />
                  </span>
                ) : (
                  // Shown on hover or focus where there is a mouse; always on a touch screen, which has no hover. The
                  // padding, taken back by the margin, makes it a finger's size (24 px) without moving the line.
                  <button
                    type="button"
                    onClick={() => setReporting(m.id)}
                    className="-m-1 p-1 underline opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus:opacity-100 [@media(hover:none)]:opacity-100"
                  >
                    <FormattedMessage id="chat.report" />
                  </button>
                )}
              </MessageBubble>
            ))}
            {outgoing.map((o) => (
              <MessageBubble key={`out-${o.key}`} message={o} mine pending={!o.failed}>
                {o.failed ? (
                  <>
                    <span className="font-semibold text-red-700 dark:text-red-400">
                      <FormattedMessage id="chat.not_sent" />
                    </span>
                    {o.final ? null : (
                      <button
                        type="button"
                        className="underline"
                        onClick={() => {
                          // The button goes as the message is sent again: the focus goes back to the box the
                          // person writes in, not to the page's start.
                          (document.getElementById(composerId(id)) ?? scroller.current)?.focus();
                          void send(o.content, o);
                        }}
                      >
                        <FormattedMessage id="common.retry" />
                      </button>
                    )}
                  </>
                ) : (
                  <span role="status">
                    <FormattedMessage id="chat.sending" />
                  </span>
                )}
              </MessageBubble>
            ))}
          </ol>
          <p aria-live="polite" className="min-h-5 px-4 text-sm text-stone-500 dark:text-stone-400">
            {typing ? <FormattedMessage id="chat.typing" values={{ nickname: name }} /> : null}
          </p>
          {/* Present from the start and empty, so only what arrives later is read out (not the first page or older ones). */}
          <div aria-live="polite" className="sr-only" data-testid="arrived">
            {arrived.map((m) => (
              <p key={m.id}>
                <FormattedMessage id="chat.arrived" values={{ nickname: name, text: m.content }} />
              </p>
            ))}
          </div>
          {conversation.can_reply ? (
            <MessageComposer conversationId={id} recipient={name} onSend={(content) => send(content)} />
          ) : (
            <p className="border-t border-stone-200 px-4 py-3 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
              <FormattedMessage id="chat.cannot_reply" />
            </p>
          )}
        </>
      )}
      {confirmBlock ? (
        <ConfirmDialog
          title={<FormattedMessage id="person.block_title" values={{ nickname: name }} />}
          confirm={<FormattedMessage id={confirmBlock === 'block' ? 'person.block' : 'chat.block_report'} />}
          onConfirm={() => block(confirmBlock === 'block-report')}
          onClose={() => setConfirmBlock(null)}
        >
          <FormattedMessage id="person.block_text" />
        </ConfirmDialog>
      ) : null}
      {reporting !== null ? (
        <ReportDialog
          target="message"
          id={reporting}
          onSent={blockAfterReport.current !== null ? (sent) => (reportSent.current = sent) : undefined}
          onReported={() => setMessages((ms) => ms.map((m) => (m.id === reporting ? { ...m, reported: true } : m)))}
          onClose={() => {
            setReporting(null);
            // Sent or dismissed: the person confirmed the block already.
            if (blockAfterReport.current !== null) {
              blockAfterReport.current = null;
              const report = reportSent.current ?? undefined;
              reportSent.current = null;
              void block(false, report);
            }
          }}
        />
      ) : null}
    </Panel>
  );
}

function MessageBubble({
  message: m,
  mine,
  pending = false,
  children,
}: {
  message: { content: string; created_at: string };
  mine: boolean;
  pending?: boolean;
  /** What follows the time: seen, sending, not sent, report. */
  children?: ReactNode;
}) {
  const now = useNow();
  return (
    <li
      className={`group flex max-w-[85%] flex-col ${mine ? 'ms-auto items-end' : 'me-auto items-start'}`}
      data-testid="message"
      aria-busy={pending || undefined}
    >
      <p
        dir={textDir(m.content)}
        className={`max-w-full rounded-2xl px-3 py-2 break-words whitespace-pre-wrap ${mine ? 'bg-brand-600 text-white' : 'bg-stone-100 dark:bg-stone-800'} ${pending ? 'opacity-70' : ''}`}
      >
        {m.content}
      </p>
      <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-stone-500 dark:text-stone-400">
        <time dateTime={m.created_at}>
          <FormattedRelativeTime value={agoFrom(m.created_at, now)} updateIntervalInSeconds={60} numeric="auto" />
        </time>
        {children}
      </span>
    </li>
  );
}
