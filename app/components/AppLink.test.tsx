import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, type LinkProps, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink, resolvesToItself } from './AppLink.tsx';

/** Renders `element` on the server inside a data router at `/problem/7`, under a root route as the app's. */
function serverMarkup(element: ReactNode): string {
  const router = createMemoryRouter([{ id: 'root', path: '/', children: [{ path: 'problem/:id', element }] }], {
    initialEntries: ['/problem/7'],
    hydrationData: { loaderData: { root: { subdomains: false, appHost: null } } },
  });
  return renderToString(<RouterProvider router={router} />);
}

/** Targets resolving leaves as they are: the anchor is written directly. */
const SHORT = ['/problem/12', '/ar/problem/12#comments', '/tag/5', '/', '/ar', '/search?q=a%20b', '/topic/3/'];
/** Targets React Router rewrites or that are not paths: still a `Link`. */
const OTHERS = [
  '/a/./b',
  '/a/../b',
  '//evil.example/x',
  '/a//b',
  '/a\\b',
  '/search?',
  '/problem/1#',
  'problem/1',
  '../x',
  'https://example.com/x',
];
const TARGETS = [...SHORT, ...OTHERS];

describe('AppLink on the server', () => {
  it('is the server build’s anchor (vitest renders as the server does)', () => {
    expect(import.meta.env.SSR).toBe(true);
  });

  it('writes exactly the markup of React Router’s Link, props and all, for every kind of target', () => {
    const props: Omit<LinkProps, 'to' | 'prefetch'> = { className: 'block hover:opacity-90', dir: 'auto', 'aria-label': 'x' };
    for (const to of TARGETS) {
      const ours = serverMarkup(
        <AppLink to={to} {...props} state={{ a: 1 }} replace preventScrollReset>
          text <b>{to}</b>
        </AppLink>,
      );
      const theirs = serverMarkup(
        <Link viewTransition to={to} {...props} state={{ a: 1 }} replace preventScrollReset>
          text <b>{to}</b>
        </Link>,
      );
      expect(ours, to).toBe(theirs);
    }
    expect(serverMarkup(<AppLink to="/x" target="_blank" discover="none" />)).toBe(
      serverMarkup(<Link to="/x" target="_blank" discover="none" />),
    );
  });

  it('takes the short path only for targets that resolve to themselves', () => {
    expect(TARGETS.filter(resolvesToItself)).toEqual(SHORT);
  });
});
