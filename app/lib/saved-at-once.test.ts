import { describe, expect, it } from 'vitest';
import { saveQueue, unsaved } from './saved-at-once.ts';

type S = { who: string; typing: boolean };

/** A server whose answers the test hands out one at a time, recording what each request asked. */
function slowServer(start: S) {
  let state = start;
  const asked: Partial<S>[] = [];
  const waiting: (() => void)[] = [];
  return {
    asked,
    send: (change: Partial<S>) =>
      new Promise<S>((resolve, reject) => {
        asked.push(change);
        waiting.push(() => {
          if (change.who === 'refused') return reject(new Error('503'));
          state = { ...state, ...change };
          resolve(state);
        });
      }),
    /** Answers the oldest request, and lets the queue's continuation run. */
    async answer() {
      waiting.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('saveQueue', () => {
  it('sends one request at a time; changes picked meanwhile go in one more request, merged', async () => {
    const server = slowServer({ who: 'everyone', typing: false });
    const q = saveQueue<S>({ who: 'everyone', typing: false }, server.send, () => {});
    const run = q.change({ who: 'talked' });
    expect(q.shown.who).toBe('talked');
    expect(q.change({ who: 'nobody' })).toBeNull();
    expect(q.change({ typing: true })).toBeNull();
    expect(server.asked).toEqual([{ who: 'talked' }]);
    expect(q.busy('who')).toBe(true);
    expect(q.shown).toEqual({ who: 'nobody', typing: true });
    await server.answer();
    expect(server.asked).toEqual([{ who: 'talked' }, { who: 'nobody', typing: true }]);
    await server.answer();
    await run;
    expect(q.saving).toBe(false);
    expect(q.shown).toEqual({ who: 'nobody', typing: true });
  });

  it('sends nothing more when a change is taken back before its turn', async () => {
    const server = slowServer({ who: 'everyone', typing: false });
    const q = saveQueue<S>({ who: 'everyone', typing: false }, server.send, () => {});
    const run = q.change({ typing: true });
    q.change({ who: 'nobody' });
    q.change({ who: 'everyone' });
    await server.answer();
    await run;
    expect(server.asked).toEqual([{ typing: true }]);
    expect(q.shown).toEqual({ who: 'everyone', typing: true });
  });

  it('shows the server state again after a failure, and rejects once', async () => {
    const server = slowServer({ who: 'everyone', typing: false });
    const q = saveQueue<S>({ who: 'everyone', typing: false }, server.send, () => {});
    const run = q.change({ who: 'refused' });
    expect(q.change({ typing: true })).toBeNull();
    const failed = run?.catch((e: Error) => e.message);
    await server.answer();
    expect(await failed).toBe('503');
    expect(server.asked).toEqual([{ who: 'refused' }]);
    expect(q.shown).toEqual({ who: 'everyone', typing: false });
    expect(q.saving).toBe(false);
  });

  it("lets the server's answer stand when it holds another value and nothing was picked since", async () => {
    const q = saveQueue<S>(
      { who: 'everyone', typing: false },
      async () => ({ who: 'talked', typing: false }),
      () => {},
    );
    await q.change({ who: 'nobody' });
    expect(q.shown.who).toBe('talked');
  });

  it('unsaved: the fields the server does not hold', () => {
    expect(unsaved<S>({ who: 'a', typing: true }, { who: 'a', typing: false })).toEqual({ typing: true });
    expect(unsaved<S>({ who: 'a' }, { who: 'a', typing: false })).toBeNull();
  });
});
