import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta.ts';

const root = {
  id: 'root',
  loaderData: { messages: { 'meta.title_pattern': '{page} – Kindred' }, locale: 'en', origin: 'https://kindred.example', appHost: null },
};

describe('pageMeta', () => {
  it("puts a post's words into the title as they are, replacement patterns included", () => {
    const heading = "Paid $& then $' and $` and $$ and $1";
    expect(pageMeta([root, { id: 'problem', pathname: '/problem/1' }], 'problem', { heading })[0]).toEqual({
      title: "Paid $& then $' and $` and $$ and $1 – Kindred",
    });
  });
});
