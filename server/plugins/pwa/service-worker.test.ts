/**
 * The service worker's push and click handlers, run in a sandbox that stands in for the worker's global scope:
 * what a push shows, and which tab a click focuses or opens. (The browser runs the rest in tests/e2e/pwa.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

type Handler = (event: Record<string, unknown>) => void;

function worker(windows: { url: string; focus(): Promise<unknown> }[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: [string, Record<string, unknown>][] = [];
  const opened: string[] = [];
  const self = {
    location: new URL('https://kindred.example/sw.js'),
    addEventListener: (name: string, handler: Handler) => handlers.set(name, handler),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push([title, options]);
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  const source = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
  runInNewContext(`const VERSION = "t"; const LOCALES = ["ar", "fr"]; const HOST_LOCALE = "en";\n${source}`, { self, URL, caches: {} });
  /** Dispatches an event and resolves once what it handed to waitUntil has settled. */
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no ${name} handler`);
    handler({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { dispatch, shown, opened };
}

const message = {
  title: 'Kindred',
  body: 'Amani supported your post',
  url: '/ar/problem/12',
  tag: 'support:post:12',
  lang: 'ar',
  dir: 'rtl',
};

describe('the service worker', () => {
  it('shows a push as it came: title, body, tag, language, direction, icons and the page to open', async () => {
    const w = worker();
    await w.dispatch('push', { data: { json: () => message } });
    expect(w.shown).toEqual([
      [
        'Kindred',
        {
          body: 'Amani supported your post',
          tag: 'support:post:12',
          lang: 'ar',
          dir: 'rtl',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: { url: '/ar/problem/12' },
        },
      ],
    ]);
  });

  it('shows nothing for a push that is not a message of ours', async () => {
    const w = worker();
    await w.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    await w.dispatch('push', { data: { json: () => ({ body: 'no title' }) } });
    expect(w.shown).toEqual([]);
  });

  it('focuses a tab already on the page, else opens it; never a page elsewhere', async () => {
    const focused: string[] = [];
    const tab = (url: string) => ({ url, focus: async () => focused.push(url) });
    const closed: string[] = [];
    const click = (url: string) => ({ notification: { data: { url }, close: () => closed.push(url) } });

    const open = worker([tab('https://kindred.example/ar'), tab('https://kindred.example/ar/problem/12')]);
    await open.dispatch('notificationclick', click('/ar/problem/12'));
    expect([focused, open.opened, closed]).toEqual([['https://kindred.example/ar/problem/12'], [], ['/ar/problem/12']]);

    const none = worker([tab('https://kindred.example/ar')]);
    await none.dispatch('notificationclick', click('/ar/problem/12'));
    expect(none.opened).toEqual(['https://kindred.example/ar/problem/12']);

    const elsewhere = worker();
    await elsewhere.dispatch('notificationclick', click('https://evil.example/x'));
    expect(elsewhere.opened).toEqual([]);
  });
});
