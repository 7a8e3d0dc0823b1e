/**
 * What Preact needs to hydrate the document React's server wrote (decision 052). The server renders with React
 * (react-dom/server), the browser with Preact (preact/compat): the tree is the same, but React's server moves some
 * elements and adds others that Preact's hydration, which matches each element to the first remaining sibling with
 * the same tag and never sets attributes, would otherwise pair with the wrong vnode.
 */
import { type ComponentChildren, options, type VNode } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * Puts the server's document in the shape the browser's tree has, before hydration:
 * - React hoists `<Scripts>`' `<link rel="modulepreload">` from the end of `<body>` into `<head>`: they go back
 *   before the context script, where the tree renders them (React Router renders them until the first effect);
 * - React adds a `<link rel="preload" as="image">` for the page's images, which no component renders: removed
 *   (the images are in the document and already fetched or on their way);
 * - React writes the stylesheets last in the head, `<Links>` before the icon: the icon goes after them;
 * - React's Suspense markers `<!--$-->…<!--/$-->` become Preact's `<!--$s-->…<!--/$s-->`, the range a part that
 *   suspends during hydration keeps (a lazy component the server rendered); every other comment goes;
 * - `<head>` and `<body>` between `$s` markers: HydratedRouter suspends on its first render until the inline
 *   loader data is decoded, and without them Preact keeps only `<head>` for it and builds `<body>` anew (047).
 */
export function prepareDocument(doc: Document = document): void {
  const { head, body, documentElement } = doc;
  const context = [...body.querySelectorAll('script:not([src])')].find((s) => s.textContent?.startsWith('window.__reactRouterContext = '));
  for (const link of head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]:not([data-catalog])')) {
    if (context) body.insertBefore(link, context);
  }
  for (const link of head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
  // React writes `<Links>`' stylesheets after every other head element, and `<Links>` renders them before the routes'
  // own links (the icon, which carries the nonce as they do): those go after the last stylesheet. The stylesheets
  // stay where they are, since taking one out of the document would unapply it.
  const sheets = head.querySelectorAll('link[rel="stylesheet"]');
  let after = sheets[sheets.length - 1];
  for (const link of head.querySelectorAll('link[nonce]:not([rel="modulepreload"]):not([rel="stylesheet"])')) {
    if (after && link.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING) {
      after.after(link);
      after = link;
    }
  }
  const walker = doc.createTreeWalker(documentElement, NodeFilter.SHOW_COMMENT);
  const comments: Comment[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode as Comment);
  for (const comment of comments) {
    if (comment.data === '$') comment.data = '$s';
    else if (comment.data === '/$') comment.data = '/$s';
    else comment.remove();
  }
  documentElement.prepend(doc.createComment('$s'));
  documentElement.append(doc.createComment('/$s'));
}

/** Attributes whose value names elements by id: they must agree with the ids of the elements they name. */
const REFERENCES = [
  'id',
  'for',
  'htmlFor',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-owns',
  'aria-activedescendant',
  'aria-errormessage',
  'aria-details',
  'aria-flowto',
  'list',
  'form',
  'headers',
  'popovertarget',
];
/** React's useId ids as react-dom/server writes them (`_R_5l9b5_`, `_R_99pb5H1_`; no `identifierPrefix`). */
const REACT_ID = /_R_[0-9a-zA-Z]+_/;

/**
 * The page's `<html>`: Preact renders into `document` as into `document.documentElement` (preact/src/render.js), so
 * an `<html>` in the tree would be built inside the server's. Its children render in its place and its attributes,
 * which follow the page's language and theme across navigations, are set on the server's element.
 */
function DocumentElement(props: { lang?: string; dir?: string; class?: string; className?: string; children?: ComponentChildren }) {
  const { lang, dir } = props;
  const className = props.class ?? props.className;
  useLayoutEffect(() => {
    const html = document.documentElement;
    if (lang !== undefined) html.lang = lang;
    if (dir !== undefined) html.dir = dir;
    if (className) html.className = className;
    else html.removeAttribute('class');
  }, [lang, dir, className]);
  return props.children as VNode;
}

/**
 * What tests/e2e/hydration.spec.ts sets before the page's scripts run to have hydration checked: the nodes the
 * server sent, and a list this module fills with every attribute of those nodes that differs from the browser's
 * render (Preact leaves them as they are, silently). Absent in normal use: nothing is compared.
 */
interface HydrationCheck {
  serverNodes: WeakSet<Node>;
  attributes: string[];
}
declare global {
  interface Window {
    __kindredHydrationCheck?: HydrationCheck;
  }
}

/** Props that are not attributes, or that Preact sets as properties whatever the markup says. */
const NOT_ATTRIBUTES = new Set([
  // The browser hides a nonce from the DOM once parsed (`nonce` reads ""); React Router passes it on the server only.
  'nonce',
  'children',
  'key',
  'ref',
  'dangerouslySetInnerHTML',
  'value',
  'checked',
  'defaultValue',
  'defaultChecked',
  'suppressHydrationWarning',
  'style',
]);

function checkAttributes(check: HydrationCheck, dom: Element, props: Record<string, unknown>) {
  for (const [name, value] of Object.entries(props)) {
    if (NOT_ATTRIBUTES.has(name) || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    const attribute = name === 'className' ? 'class' : name === 'htmlFor' ? 'for' : name;
    const actual = dom.getAttribute(attribute);
    const expected =
      value === undefined || value === null || (value === false && !attribute.startsWith('aria-'))
        ? null
        : value === true && !attribute.startsWith('aria-')
          ? ''
          : String(value);
    if (actual !== expected && !(expected === '' && actual !== null)) {
      check.attributes.push(`<${dom.localName}> ${attribute}: server ${JSON.stringify(actual)}, browser ${JSON.stringify(expected)}`);
    }
  }
}

let installed = false;

/**
 * Preact's option hooks for React's server markup, installed once before hydration:
 * - `<html>` renders as DocumentElement (above);
 * - an element's id and the attributes that name ids take the value the browser's render gives them when the
 *   server's is one of React's useId ids: React's server ids and Preact's differ, and Preact does not set
 *   attributes while hydrating, so an element hydrated with React's id and one rendered later with Preact's (a
 *   menu's list, an error message) would not name each other. Done at hydration, every id in the document is
 *   Preact's;
 * - `kindred:hydrated` is dispatched on `document` once, when the render that hydrated `<body>` commits, before
 *   any effect runs (a layout effect may re-render at once, and a re-render runs the passive effects it finds
 *   pending: useNow's move to the browser's clock showed in the hydrated text under load when this waited for a
 *   microtask): the moment tests/e2e/hydration.spec.ts compares the document with what the server sent.
 */
export function installHydrationHooks(): void {
  if (installed) return;
  installed = true;
  const vnode = options.vnode;
  options.vnode = (v) => {
    if (v.type === 'html') v.type = DocumentElement as unknown as string;
    vnode?.(v);
  };
  let bodyDiffed = false;
  let announced = false;
  const diffed = options.diffed;
  options.diffed = (v) => {
    diffed?.(v);
    if (typeof v.type !== 'string') return;
    const dom = (v as unknown as { __e?: Element }).__e;
    if (dom?.nodeType !== 1) return;
    if (v.type === 'body') bodyDiffed = true;
    const props = v.props as Record<string, unknown>;
    for (const name of REFERENCES) {
      const value = props[name];
      if (typeof value !== 'string') continue;
      const attribute = name === 'htmlFor' ? 'for' : name;
      const current = dom.getAttribute(attribute);
      if (current !== null && current !== value && REACT_ID.test(current)) dom.setAttribute(attribute, value);
    }
    const check = window.__kindredHydrationCheck;
    if (check?.serverNodes.has(dom) && !announced) checkAttributes(check, dom, props);
  };
  // options._commit, mangled as in preact's dist: called once the DOM is patched; preact/hooks' own runs the
  // commit's layout effects, so the event goes first.
  const hooks = options as unknown as { __c?: (...args: unknown[]) => void };
  const commit = hooks.__c;
  hooks.__c = (...args) => {
    if (bodyDiffed && !announced) {
      announced = true;
      document.dispatchEvent(new Event('kindred:hydrated'));
    }
    commit?.(...args);
  };
}
