import { describe, expect, it } from 'vitest';
import type { Post } from '../../core/types.ts';
import { isRemoved, readItem, removeAuthor, removeItem, subscribeItem, type Toggle, toggleItem, updateItem } from './items.ts';

let nextId = 1;
/** A post with a fresh id, so tests never share an entry of the module's one store. */
function post(fields: Partial<Post> = {}): Post {
  return {
    id: nextId++,
    slug: 'p',
    content: 'text',
    language: 'en',
    feeling: null,
    topic_id: null,
    tags: [],
    poll: null,
    user: { id: 1, nickname: 'Kind Owl', avatar: null, rank: { id: 1, name: 'Newcomer', level: 1 } },
    supports_count: 3,
    comments_count: 0,
    is_supported: false,
    is_favorited: false,
    is_hidden: false,
    is_mine: false,
    share_disabled: false,
    advice_disabled: false,
    notifications_disabled: false,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...fields,
  };
}

/** A fake server for support: each request waits until the test answers it. */
function supportServer(start: { count: number; on: boolean }) {
  const state = { ...start };
  const requests: { on: boolean; answer: () => void; fail: (err: Error) => void }[] = [];
  const how: Toggle<Post, boolean> = {
    group: 'support',
    valueOf: (p) => p.is_supported,
    show: (on, p) => ({ is_supported: on, supports_count: p.supports_count + (on === p.is_supported ? 0 : on ? 1 : -1) }),
    send: (on) =>
      new Promise((resolve, reject) => {
        requests.push({
          on,
          answer: () => {
            if (state.on !== on) state.count += on ? 1 : -1;
            state.on = on;
            resolve({ is_supported: state.on, supports_count: state.count });
          },
          fail: reject,
        });
      }),
  };
  return { state, requests, how };
}

/** Clicks support on a new unsupported post `times` times while the first request is still in flight. */
async function quickClicks(times: number) {
  const p = post({ supports_count: 3, is_supported: false });
  readItem('post', p);
  const server = supportServer({ count: 3, on: false });
  const shown: boolean[] = [];
  const off = subscribeItem('post', p.id, () => shown.push(readItem('post', p).is_supported));
  const first = toggleItem('post', p.id, true, server.how);
  for (let click = 2; click <= times; click++) await toggleItem('post', p.id, click % 2 === 1, server.how);
  return { p, server, shown, first, off };
}

/** Lets the awaited answer reach the store before the test looks again. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('item store', () => {
  it('gives every view of an item the same object, and an older copy never replaces a newer state', () => {
    const feedCopy = post();
    const trendingCopy = { ...feedCopy };
    expect(readItem('post', feedCopy)).toBe(feedCopy);
    // The second copy was seen later, so it is the fresher server state; both views read it.
    expect(readItem('post', trendingCopy)).toBe(trendingCopy);
    expect(readItem('post', feedCopy)).toBe(trendingCopy);

    updateItem('post', feedCopy.id, (p) => ({ comments_count: p.comments_count + 1 }));
    const afterComment = readItem('post', feedCopy);
    expect(afterComment.comments_count).toBe(1);
    expect(readItem('post', trendingCopy)).toBe(afterComment);

    // A revalidation brings a new object: it is newer than the comment's answer and wins.
    const revalidated = { ...feedCopy, comments_count: 2 };
    expect(readItem('post', revalidated)).toBe(revalidated);
    expect(readItem('post', feedCopy).comments_count).toBe(2);
  });

  it('notifies every subscriber of the item once per change, and no one else', async () => {
    const a = post();
    const b = post();
    readItem('post', a);
    readItem('post', b);
    const seen: string[] = [];
    const off1 = subscribeItem('post', a.id, () => seen.push(`first ${readItem('post', a).supports_count}`));
    const off2 = subscribeItem('post', a.id, () => seen.push(`second ${readItem('post', a).supports_count}`));
    const off3 = subscribeItem('post', b.id, () => seen.push('other item'));
    updateItem('post', a.id, () => ({ supports_count: 10 }));
    expect(seen).toEqual(['first 10', 'second 10']);
    off1();
    off2();
    off3();
    updateItem('post', a.id, () => ({ supports_count: 11 }));
    expect(seen).toEqual(['first 10', 'second 10']);
  });

  it('five quick toggles end in the fifth one: one request, no flicker, the server agrees', async () => {
    const { p, server, shown, first, off } = await quickClicks(5);
    expect(shown).toEqual([true, false, true, false, true]);
    expect(readItem('post', p)).toMatchObject({ is_supported: true, supports_count: 4 });
    expect(server.requests.map((r) => r.on)).toEqual([true]);

    server.requests[0]?.answer();
    await first;
    // The server holds the fifth click's value after the first request: nothing more to send.
    expect(server.requests.map((r) => r.on)).toEqual([true]);
    expect(readItem('post', p)).toMatchObject({ is_supported: true, supports_count: 4 });
    expect(server.state).toEqual({ count: 4, on: true });
    // The answer and the end of the queue re-render with the same value: never back to "not supported".
    expect(shown).toEqual([true, false, true, false, true, true, true]);
    off();
  });

  it('an even number of quick toggles sends the last value after the first request returns', async () => {
    const { p, server, shown, first, off } = await quickClicks(4);
    expect(shown).toEqual([true, false, true, false]);

    server.requests[0]?.answer();
    await settle();
    // The answer to the first request (supported) is not shown: the reader's last click (not supported) is.
    expect(server.requests.map((r) => r.on)).toEqual([true, false]);
    expect(shown).toEqual([true, false, true, false, false]);
    expect(readItem('post', p)).toMatchObject({ is_supported: false, supports_count: 3 });

    server.requests[1]?.answer();
    await first;
    expect(server.state).toEqual({ count: 3, on: false });
    expect(readItem('post', p)).toMatchObject({ is_supported: false, supports_count: 3 });
    expect(shown).toEqual([true, false, true, false, false, false, false]);
    off();
  });

  it('a failed toggle rolls back to the server state, and only the first call reports it', async () => {
    const p = post({ supports_count: 3, is_supported: false });
    readItem('post', p);
    const server = supportServer({ count: 3, on: false });

    const first = toggleItem('post', p.id, true, server.how);
    const second = toggleItem('post', p.id, false, server.how);
    const third = toggleItem('post', p.id, true, server.how);
    expect(readItem('post', p)).toMatchObject({ is_supported: true, supports_count: 4 });

    server.requests[0]?.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).resolves.toBeUndefined();
    await expect(third).resolves.toBeUndefined();
    expect(readItem('post', p)).toMatchObject({ is_supported: false, supports_count: 3 });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the pending value over a fresher server object, and stops when the server decides otherwise', async () => {
    const p = post({ is_favorited: false });
    readItem('post', p);
    let answers = 0;
    const favorite: Toggle<Post, boolean> = {
      group: 'favorite',
      valueOf: (x) => x.is_favorited,
      show: (on) => ({ is_favorited: on }),
      // Another tab favorited it meanwhile, so this flip takes it away again.
      send: async () => {
        answers++;
        return { is_favorited: false };
      },
    };
    const done = toggleItem('post', p.id, true, favorite);
    expect(readItem('post', { ...p, supports_count: 9 })).toMatchObject({ is_favorited: true, supports_count: 9 });
    await done;
    expect(answers).toBe(1);
    expect(readItem('post', p)).toMatchObject({ is_favorited: false, supports_count: 9 });
  });

  it('a removed item leaves every list until fresher server data shows it again', () => {
    const p = post();
    const copy = { ...p };
    readItem('post', p);
    removeItem('post', p.id);
    expect(isRemoved('post', p)).toBe(true);
    // `copy` reaches a view only after the removal, as a revalidated list would: the server lists it again.
    expect(isRemoved('post', copy)).toBe(false);
  });

  it("a blocked author's items leave every list, and only theirs, until fresher server data", () => {
    const author = { id: 4242, nickname: 'Loud Crow', avatar: null, rank: { id: 1, name: 'Newcomer', level: 1 } };
    const theirs = post({ user: author });
    const other = post();
    readItem('post', theirs);
    readItem('post', other);
    removeAuthor(author.id);
    expect([isRemoved('post', theirs), isRemoved('post', other)]).toEqual([true, false]);
    expect(isRemoved('post', { ...theirs })).toBe(false);
  });
});
