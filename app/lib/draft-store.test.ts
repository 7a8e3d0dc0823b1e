import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptLapsedDrafts, forgetDrafts, noteLapsed, readDraft, readKept, writeDraft, writeKept } from './draft-store.ts';

/** A Storage as the browser's: its items are its own keys (Object.keys lists them), its methods are not. */
function fakeStorage(): Storage {
  const store = {} as Record<string, string>;
  Object.defineProperties(store, {
    getItem: { value: (k: string) => (Object.hasOwn(store, k) ? store[k] : null) },
    setItem: { value: (k: string, v: string) => (store[k] = String(v)) },
    removeItem: { value: (k: string) => delete store[k] },
  });
  return store as unknown as Storage;
}

const win = globalThis as unknown as { window?: { localStorage: Storage; sessionStorage: Storage } };
beforeEach(() => {
  win.window = { localStorage: fakeStorage(), sessionStorage: fakeStorage() };
});
afterEach(() => {
  delete win.window;
});
const local = () => Object.entries(win.window?.localStorage ?? {}).sort();

describe('drafts of a session that expired', () => {
  it('go to whoever signs in next in the tab, their words winning over an older draft, and conversations stay', () => {
    writeDraft(7, 'post:feed', 'what I was writing when it expired');
    writeDraft(7, 'comment:12', 'a kind word');
    writeKept(7, 'chat:3:unsent', [{ content: 'to my peer', created_at: '2026-11-26T08:00:00Z', after: 41 }]);
    writeDraft(8, 'post:feed', 'an older draft of the new account');
    writeDraft(8, 'thought', 'their own thought');
    noteLapsed(7);
    adoptLapsedDrafts(8);
    expect(local()).toEqual([
      ['kindred:draft:7:chat:3:unsent', JSON.stringify([{ content: 'to my peer', created_at: '2026-11-26T08:00:00Z', after: 41 }])],
      ['kindred:draft:8:comment:12', 'a kind word'],
      ['kindred:draft:8:post:feed', 'what I was writing when it expired'],
      ['kindred:draft:8:thought', 'their own thought'],
    ]);
    // Once: a later sign-in in the tab takes nothing more.
    writeDraft(8, 'topic:title', 'mine');
    adoptLapsedDrafts(9);
    expect(readDraft(9, 'topic:title')).toBe(null);
    expect(readDraft(8, 'topic:title')).toBe('mine');
  });

  it('leave an unsaved edit and a message report with their account: nobody else may edit that item, or was in the conversation', () => {
    writeDraft(7, 'edit:post:31', 'the post as I was changing it');
    writeDraft(7, 'edit:comment:5', 'a comment changed');
    writeDraft(7, 'report:message:12', 'they wrote to me that…');
    writeDraft(7, 'report:post:31', 'a note');
    writeDraft(7, 'report:post:31:reason', '3');
    noteLapsed(7);
    adoptLapsedDrafts(8);
    expect(local()).toEqual([
      ['kindred:draft:7:edit:comment:5', 'a comment changed'],
      ['kindred:draft:7:edit:post:31', 'the post as I was changing it'],
      ['kindred:draft:7:report:message:12', 'they wrote to me that…'],
      ['kindred:draft:8:report:post:31', 'a note'],
      ['kindred:draft:8:report:post:31:reason', '3'],
    ]);
  });

  it('stay where they are when the same person signs in again, and without a lapse nothing moves', () => {
    writeDraft(7, 'post:feed', 'still mine');
    adoptLapsedDrafts(8);
    noteLapsed(7);
    adoptLapsedDrafts(7);
    adoptLapsedDrafts(8);
    expect(local()).toEqual([['kindred:draft:7:post:feed', 'still mine']]);
  });

  it('are forgotten, the lapse with them, when the session then ends for good', () => {
    writeDraft(7, 'post:feed', 'on a shared phone');
    writeDraft(70, 'post:feed', 'another account, whose id starts alike');
    noteLapsed(7);
    forgetDrafts(7);
    writeDraft(7, 'post:feed', 'written after');
    adoptLapsedDrafts(8);
    expect(local()).toEqual([
      ['kindred:draft:70:post:feed', 'another account, whose id starts alike'],
      ['kindred:draft:7:post:feed', 'written after'],
    ]);
  });
});

describe('kept values', () => {
  it('round-trip as JSON, empty text and null remove them, and what does not parse reads as nothing', () => {
    writeKept(7, 'post:feed:poll', { question: 'Why?', options: ['a', 'b'] });
    expect(readKept(7, 'post:feed:poll')).toEqual({ question: 'Why?', options: ['a', 'b'] });
    writeKept(7, 'post:feed:poll', null);
    writeDraft(7, 'post:feed', '   ');
    expect(local()).toEqual([]);
    win.window?.localStorage.setItem('kindred:draft:7:post:feed:feeling', '{not json');
    expect(readKept(7, 'post:feed:feeling')).toBe(null);
  });
});
