/**
 * Hydration keeps the document the server sent (decision 052). The server renders with React, the browser with
 * Preact, which does not report a mismatch: it sets text to its own, builds a new element where the server's has
 * another tag and leaves attributes as they are. So the page records the document as parsed (before any script of
 * the app runs, at DOMContentLoaded) and again at `kindred:hydrated` (app/preact/hydrate.ts: when the render that
 * hydrated the body commits, before any effect), and app/preact/hydrate.ts lists every attribute of a server node
 * that differs from the browser's render. Left out of the comparison: comments, scripts (they ran; React Router's
 * stream scripts are not in the browser's tree), and the preloads React hoists into the head. React's useId ids
 * become Preact's at hydration (hydrate.ts): each server id must map to one browser id, and no two to the same.
 */
import { expect, type Page, test } from '@playwright/test';
import { at, fixtures, signInAsGuest } from './pages.ts';

test.describe.configure({ mode: 'parallel' });

interface Recorded {
  server: string[] | null;
  after: string[] | null;
  /** Nodes in the hydrated document that the server did not send. */
  created: string[];
  /** From app/preact/hydrate.ts. */
  attributes: string[];
}

/** Runs in the page before its scripts. `mismatch` changes the parsed document first, as a wrong server would. */
function record(mismatch: boolean) {
  const check = { serverNodes: new WeakSet<Node>(), attributes: [] as string[] };
  const recorded = {
    server: null as string[] | null,
    after: null as string[] | null,
    created: [] as string[],
    attributes: check.attributes,
  };
  Object.assign(window, { __kindredHydrationCheck: check, __recorded: recorded });
  const skipped = (node: Node) =>
    node.nodeType === Node.COMMENT_NODE ||
    (node instanceof Element &&
      (node.localName === 'script' ||
        (node.localName === 'link' &&
          ((node.getAttribute('rel') === 'modulepreload' && !node.hasAttribute('data-catalog')) ||
            (node.getAttribute('rel') === 'preload' && node.getAttribute('as') === 'image')))));
  const walk = (node: Node, depth: number, out: string[], each?: (node: Node, line: string) => void) => {
    for (const child of node.childNodes) {
      // Preact makes a text node of an empty string child, React's server writes nothing: nothing to see.
      if (skipped(child) || (child.nodeType === Node.TEXT_NODE && (child as Text).data === '')) continue;
      let line: string;
      if (child instanceof Element) {
        const attributes = [...child.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
        line = `${' '.repeat(depth)}<${child.localName}${attributes.length ? ` ${attributes.join(' ')}` : ''}>`;
      } else line = `${' '.repeat(depth)}#text ${JSON.stringify((child as Text).data)}`;
      out.push(line);
      each?.(child, line);
      if (child instanceof Element && child.localName === 'head') {
        // The order of the head's elements is not compared: React moves some (its stylesheets last), and
        // app/preact/hydrate.ts moves them back before hydrating. Each element is one line with its text.
        const elements = [...child.children].filter((e) => !skipped(e));
        for (const e of elements) each?.(e, e.outerHTML);
        out.push(
          ...elements
            .map(
              (e) =>
                `${' '.repeat(depth + 1)}${walk(e, 0, [
                  `<${e.localName} ${[...e.attributes]
                    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
                    .sort()
                    .join(' ')}>`,
                ]).join(' ')}`,
            )
            .sort(),
        );
      } else walk(child, depth + 1, out, each);
    }
    return out;
  };
  const html = () => {
    const root = document.documentElement;
    const attributes = [...root.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
    return `<html ${attributes.join(' ')}>`;
  };
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      if (mismatch) {
        // A text the browser renders otherwise, an attribute it renders otherwise and an element of another tag.
        const h1 = document.querySelector('h1');
        if (h1?.firstChild) h1.firstChild.textContent = 'Not what the browser renders';
        document.querySelector('a[href="#main"]')?.setAttribute('href', '#elsewhere');
        const header = document.querySelector('header');
        if (header) {
          const section = document.createElement('section');
          section.append(...header.childNodes);
          for (const a of header.attributes) section.setAttribute(a.name, a.value);
          header.replaceWith(section);
        }
      }
      const all = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      while (all.nextNode()) check.serverNodes.add(all.currentNode);
      recorded.server = [html(), ...walk(document.documentElement, 1, [])];
    },
    { once: true },
  );
  document.addEventListener(
    'kindred:hydrated',
    () => {
      recorded.after = [
        html(),
        ...walk(document.documentElement, 1, [], (node, line) => {
          if (!check.serverNodes.has(node)) recorded.created.push(line.trim());
        }),
      ];
    },
    { once: true },
  );
}

const REACT_ID = /_R_[0-9a-zA-Z]+_/g;
const PREACT_ID = /P\d+-\d+/g;

/** The differences between the two records, with React's ids mapped to Preact's where they map one to one. */
function differences(recorded: Recorded): string[] {
  const { server, after } = recorded;
  if (!server || !after) return [`not recorded: server ${!!server}, after hydration ${!!after}`];
  const found: string[] = [];
  const ids = new Map<string, string>();
  const taken = new Map<string, string>();
  /** Equal, or equal but for React's useId ids in place of Preact's, mapped one to one (recorded in `ids`). */
  const same = (s: string, a: string, record: boolean) => {
    if (s === a) return true;
    const sIds = s.match(REACT_ID) ?? [];
    const aIds = a.match(PREACT_ID) ?? [];
    if (!sIds.length || sIds.length !== aIds.length || s.replace(REACT_ID, '#') !== a.replace(PREACT_ID, '#')) return false;
    if (record)
      sIds.forEach((id, n) => {
        const to = aIds[n];
        if ((ids.get(id) ?? to) !== to || (taken.get(to) ?? id) !== id) found.push(`id ${id} -> ${to} is not one to one`);
        ids.set(id, to);
        taken.set(to, id);
      });
    return true;
  };
  // A longest common subsequence of the two lists of lines, then what is only in one of them.
  const n = server.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = same(server[i], after[j], false) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  let i = 0;
  let j = 0;
  while ((i < n || j < m) && found.length < 40) {
    if (i < n && j < m && same(server[i], after[j], false)) {
      same(server[i++], after[j++], true);
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      found.push(`browser only, line ${j}: ${after[j++]}`);
    } else {
      found.push(`server only, line ${i}: ${server[i++]}`);
    }
  }
  return [...found, ...recorded.created.slice(0, 40).map((c) => `created: ${c}`), ...recorded.attributes.map((c) => `attribute: ${c}`)];
}

async function hydrate(page: Page, path: string, mismatch = false): Promise<string[]> {
  await page.addInitScript(record, mismatch);
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await page.waitForFunction(() => (window as unknown as { __recorded: Recorded }).__recorded.after !== null);
  return differences(await page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded));
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  for (const signedIn of [false, true]) {
    test(`hydration keeps the server's document (${viewport.name}, ${signedIn ? 'signed in' : 'signed out'})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const f = await fixtures(baseURL);
      await page.setViewportSize(viewport);
      if (signedIn) await signInAsGuest(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const paths = ['/', at('ar', '/'), `/problem/${f.post}`, at('ar', `/problem/${f.post}`), '/topic', '/search?q=sleep', '/FAQ'];
      if (signedIn) paths.push('/settings/general', at('ar', '/settings/general'), '/profile', '/chat');
      for (const path of paths) {
        expect(await hydrate(page, path), path).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
}

test('the check finds a text, an attribute and an element the browser renders otherwise', async ({ page }) => {
  const found = await hydrate(page, '/', true);
  expect(
    found.some((d) => d.includes('Not what the browser renders')),
    found.join('\n'),
  ).toBe(true);
  expect(
    found.some((d) => d.includes('attribute: <a> href: server "#elsewhere", browser "#main"')),
    found.join('\n'),
  ).toBe(true);
  expect(
    found.some((d) => d.startsWith('created: <header')),
    found.join('\n'),
  ).toBe(true);
});
