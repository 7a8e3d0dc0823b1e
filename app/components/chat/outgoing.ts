/**
 * The messages written in a conversation that the server has not taken yet. Kept with the person's drafts (a
 * reload, a closed tab, leaving the conversation) until the server has them: they come back as not sent, with a
 * retry. Whether one did arrive (its answer lost, or the page gone before it came) is read from the server's own
 * messages, so a retry never sends a message twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Message } from '../../../core/types.ts';
import { readKept, writeKept } from '../../lib/draft-store.ts';

export interface Outgoing {
  key: number;
  content: string;
  created_at: string;
  /** The newest message of the conversation when it was sent: the server's copy of it can only be newer. */
  after: number;
  failed: boolean;
  /** Refused for good: shown as not sent, without a retry (and not kept: it never will be sent). */
  final?: boolean;
}

let outgoingKeys = 0;

export const newOutgoing = (content: string, after: number): Outgoing => ({
  key: ++outgoingKeys,
  content,
  created_at: new Date().toISOString(),
  after,
  failed: false,
});

/**
 * Takes out the copies that my messages, as the server has them, show delivered: each message stands for one copy,
 * the oldest with its text written before it, one still sending first (a failed copy of the same words may be an
 * earlier try that never arrived).
 */
export function withoutDelivered(outgoing: Outgoing[], mine: Message[]): Outgoing[] {
  return [...mine]
    .sort((x, y) => x.id - y.id)
    .reduce((rest, m) => {
      const its = (o: Outgoing) => o.content.trim() === m.content && m.id > o.after;
      let at = rest.findIndex((o) => !o.failed && its(o));
      if (at < 0) at = rest.findIndex((o) => o.failed && its(o));
      return at < 0 ? rest : [...rest.slice(0, at), ...rest.slice(at + 1)];
    }, outgoing);
}

function isKept(value: unknown): value is Pick<Outgoing, 'content' | 'created_at' | 'after'>[] {
  return (
    Array.isArray(value) &&
    value.every((o) => typeof o?.content === 'string' && typeof o.created_at === 'string' && typeof o.after === 'number')
  );
}

/**
 * `owner`: whose drafts (session.tsx `draftOwner`); `shown`: the conversation's messages when it opens, which may
 * already hold some that were kept as unsent.
 */
export function useOutgoing(conversationId: number, owner: number | null, shown: Message[]) {
  const name = `chat:${conversationId}:unsent`;
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const latest = useRef<Outgoing[]>([]);
  /** My messages from the server already set against the copies: each stands for one copy, once. */
  const counted = useRef(new Set<number>());

  const change = useCallback(
    (next: (os: Outgoing[]) => Outgoing[]) => {
      latest.current = next(latest.current);
      setOutgoing(latest.current);
      if (owner === null) return;
      const kept = latest.current.filter((o) => !o.final).map(({ content, created_at, after }) => ({ content, created_at, after }));
      writeKept(owner, name, kept.length > 0 ? kept : null);
    },
    [owner, name],
  );

  /** My messages as the server has them (sent here or elsewhere): the copies they deliver go. */
  const delivered = useCallback(
    (mine: Message[]) => {
      const fresh = mine.filter((m) => !counted.current.has(m.id));
      for (const m of fresh) counted.current.add(m.id);
      if (fresh.length > 0) change((os) => withoutDelivered(os, fresh));
    },
    [change],
  );

  // After the first render (the server's markup has none), or for a new owner: the kept ones, as not sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` only as the conversation opens.
  useEffect(() => {
    const kept = owner === null ? null : readKept<unknown>(owner, name);
    latest.current = isKept(kept) ? kept.map((o) => ({ ...o, key: ++outgoingKeys, failed: true })) : [];
    setOutgoing(latest.current);
    delivered(shown.filter((m) => m.sender_id === owner));
  }, [owner, name]);

  /** The server took this copy: its message is counted, so it stands for no other copy. */
  const accepted = useCallback(
    (key: number, m: Message) => {
      counted.current.add(m.id);
      change((os) => os.filter((o) => o.key !== key));
    },
    [change],
  );

  /** The copy is still waiting for the server (not found delivered meanwhile). */
  const waiting = useCallback((key: number) => latest.current.some((o) => o.key === key), []);

  return { outgoing, change, delivered, accepted, waiting };
}
