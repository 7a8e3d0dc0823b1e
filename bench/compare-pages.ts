/**
 * Behaviour check for performance work: the same pages and API calls, asked of two builds of the app on the same
 * database, must answer the same. It serves the tree it runs from ("after") and another checkout ("before", built
 * with `npm run build`, e.g. `git worktree add /tmp/base <commit>` with node_modules linked), each in a child
 * process, then asks both for many pages (feed, mood, topics, thoughts, a problem, a tag, a topic, a thought, data
 * requests) and API calls, signed out and signed in, in English and Arabic, and prints every difference and their
 * number. Only what differs per request or per build is normalised: CSP nonces, build ids, asset file names,
 * the instant a page was rendered, the seconds left in the rate limit's window and the calls left in it.
 *
 *   node bench/compare-pages.ts --before /tmp/base --database-url postgres://…/db [--markup]
 *
 * The database must already hold data (bench/fill.ts). A signed-in reader is made on it first (a guest who
 * supported, favorited and hid posts and blocked an author), before either app starts, so both see the same rows.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { desc, isNotNull, sql } from 'drizzle-orm';
import { COOKIE } from '../core/limits.ts';
import { openDatabase } from '../db/client.ts';
import { comments, moods, posts, tags, thoughts, topics } from '../db/schema.ts';
import { createGuest } from '../server/modules/auth/service.ts';
import { setBlocked } from '../server/modules/blocks/service.ts';
import { setHidden, setSupport, toggleFavorite } from '../server/modules/posts/actions.ts';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    'database-url': { type: 'string' },
    /** Internal: serve the app of this checkout (the child process). */
    serve: { type: 'string' },
    /** Print at most this many differences in full. */
    show: { type: 'string', default: '20' },
    /** Also this many posts spread over the table: their problem pages (en, ar) and related posts, as the reader and signed out. */
    problems: { type: 'string', default: '0' },
    /** Leave out what differs between React's and Preact's server renderers in markup alone (decision 047). */
    markup: { type: 'boolean', default: false },
  },
});
const here = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------------------------
// A child process: one checkout's app, as server/main.ts builds it, on the given database.

async function serve(root: string, url: string) {
  const { openDatabase: open } = (await import(`${root}/db/client.ts`)) as typeof import('../db/client.ts');
  const { buildApp } = (await import(`${root}/server/app.ts`)) as typeof import('../server/app.ts');
  const { parseConfig } = (await import(`${root}/server/config.ts`)) as typeof import('../server/config.ts');
  const database = await open({ url });
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000', GUEST_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database, web: 'production' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const build = (await import(`${root}/build/server/index.js`)) as { assets: { version: string } };
  const buildId = build.assets.version;
  process.send?.({ port: (app.server.address() as AddressInfo).port, buildId });
  process.on('disconnect', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

function start(root: string, url: string): Promise<{ child: ChildProcess; port: number; buildId: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', root, '--database-url', url], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ...(m as { port: number; buildId: string }) }));
    child.once('exit', (code) => reject(new Error(`${root}: the app exited with ${code}`)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The reader, the paths, and the comparison

async function setUp(url: string) {
  const database = await openDatabase({ url });
  const { db } = database;
  try {
    const { token, user } = await createGuest(db, 'en');
    const newest = await db.select({ id: posts.id, userId: posts.userId }).from(posts).orderBy(desc(posts.createdAt)).limit(20);
    for (const p of newest.slice(0, 4)) await setSupport(db, user.id, p.id, true);
    await toggleFavorite(db, user.id, newest[1].id);
    await setHidden(db, user.id, newest[5].id, true);
    await setBlocked(db, user.id, newest[7].userId, true);
    const commented = await db
      .select({ id: comments.postId })
      .from(comments)
      .groupBy(comments.postId)
      .orderBy(desc(sql`count(*)`))
      .limit(3);
    const tagRows = await db.select({ id: tags.id }).from(tags).orderBy(tags.id).limit(3);
    const topicRows = await db.select({ id: topics.id }).from(topics).orderBy(desc(topics.id)).limit(2);
    const thoughtRows = await db.select({ id: thoughts.id }).from(thoughts).orderBy(desc(thoughts.id)).limit(3);
    const inTopic = await db.select({ id: posts.topicId }).from(posts).where(isNotNull(posts.topicId)).limit(1);
    const moodRows = await db.select({ id: moods.id }).from(moods).limit(1);
    const postIds = [...newest.slice(0, 9).map((p) => p.id), ...commented.map((c) => c.id)];
    const spread = Number(args.problems);
    const more =
      spread > 0
        ? await db
            .select({ id: posts.id })
            .from(posts)
            .where(sql`${posts.id} % greatest(1, (select count(*) from ${posts}) / ${spread}) = 0`)
            .orderBy(posts.id)
            .limit(spread)
        : [];
    return {
      token,
      postIds,
      morePostIds: more.map((p) => p.id),
      tagIds: tagRows.map((t) => t.id),
      topicIds: topicRows.map((t) => t.id),
      thoughtIds: thoughtRows.map((t) => t.id),
      inTopic,
      moodRows,
    };
  } finally {
    await database.close();
  }
}

function pathsFor(ids: Awaited<ReturnType<typeof setUp>>): string[] {
  const pages = ['/', '/mood', '/topic', '/thought', '/search?q=sleep', '/topSupporters', '/profile', '/notifications', '/languages'];
  for (const id of ids.postIds) pages.push(`/problem/${id}`);
  for (const id of ids.tagIds) pages.push(`/tag/${id}`);
  for (const id of ids.topicIds) pages.push(`/topic/${id}`);
  for (const id of ids.thoughtIds) pages.push(`/thought/${id}`);
  pages.push('/problem/999999999', '/problem/abc', '/no/such/page');
  const data = ['/_root.data', `/problem/${ids.postIds[0]}.data`, '/mood.data', '/ar/_root.data'];
  const api = [
    '/api/posts',
    '/api/posts?page=2',
    '/api/posts?page=50',
    '/api/posts?per_page=50',
    '/api/trendingPosts',
    '/api/latestTopicPosts',
    '/api/topics/trending',
    '/api/thoughts',
    '/api/thoughts/popular',
    '/api/user/get/moods',
    '/api/user',
    '/api/favorites',
    // Calls that fail validation: their 400 answers come from the schema compilers.
    '/api/posts?page=0',
    '/api/posts?per_page=abc',
    '/api/posts/abc',
    '/api/post-comments',
    '/api/relatedPosts?post_id=-1',
    '/api/tags/abc/posts',
  ];
  for (const id of ids.postIds.slice(0, 6)) {
    api.push(`/api/posts/${id}`, `/api/post-comments?post_id=${id}`, `/api/relatedPosts?post_id=${id}`, `/api/schema/post/${id}`);
    api.push(`/api/check-problem-url?id=${id}`);
  }
  for (const id of ids.morePostIds) {
    pages.push(`/problem/${id}`);
    api.push(`/api/relatedPosts?post_id=${id}`);
  }
  for (const id of ids.tagIds) api.push(`/api/tags/${id}/posts`, `/api/tags/${id}`);
  for (const id of ids.topicIds) api.push(`/api/posts?topic_id=${id}`);
  return [...pages, ...pages.map((p) => `/ar${p === '/' ? '' : p}`), ...data, ...api];
}

/** Headers that differ per response (a date, a length that follows the body) are left out. */
const IGNORED_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'etag']);

function normalise(text: string, buildId: string): string {
  let out = text.replace(/nonce(=|-)("?)[A-Za-z0-9+/=]{16,}/g, 'nonce$1$2NONCE');
  if (buildId) out = out.split(buildId).join('BUILD');
  // The instant the page was rendered, which the browser's relative times start from.
  out = out.replace(/(renderedAt\\*",)\d+/g, '$1TIME');
  // Asset file names carry a hash of their content.
  out = out.replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|json)/g, '$1-HASH.$2');
  return args.markup ? markupOnly(out) : out;
}

/**
 * React's and Preact's renderers write the same document differently (decision 047): React separates adjacent texts
 * and marks Suspense boundaries with comments, Preact marks the boundaries that suspended (`$s`); attributes come in
 * another order, React writes some names in camel case (`charSet`), which HTML reads case-insensitively, and empty
 * values as `=""`; React escapes `'` in text; useId's ids have another form; Preact writes `suppressHydrationWarning`
 * out; React alone adds a preload link to the head for the images it renders (decision 043), hoists React Router's
 * module preloads into the head, which Preact leaves at the end of the body, and orders the head's links otherwise.
 * The builds split their chunks differently, so the manifest's lists of imports differ too. Each of these is left
 * out, so what remains is the content.
 */
function markupOnly(html: string): string {
  let out = html.replace(/<!--(?: |\$|\/\$|\$\?|\$!|\$s|\/\$s)-->/g, '').replaceAll('&#x27;', "'");
  out = out.replace(/<link rel="(?:preload" as="image|modulepreload" href="\/assets\/(?!\w+-\w+\.js" data-catalog))[^>]*>/g, '');
  out = out.replace(/"imports": \[[^\]]*\]/g, '"imports": []');
  out = out.replace(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_tag, name: string, attrs: string) => {
    const list = [...attrs.matchAll(/\s+([^\s=>/]+)((?:="[^"]*")?)/g)]
      .map(([, attr, value]) => `${attr.toLowerCase()}${value === '=""' ? '' : value}`)
      .filter((attr) => attr !== 'suppresshydrationwarning')
      .sort();
    return `<${[name, ...list].join(' ')}>`;
  });
  out = out.replace(/<head>[\s\S]*?<\/head>/, (head) => {
    const links = head.match(/<link [^>]*>/g) ?? [];
    return head.replace(/<link [^>]*>/g, '').replace('</head>', `${links.sort().join('')}</head>`);
  });
  // useId's ids: React's `_R_…_`, Preact's `P0-0`.
  return out.replace(/_R_\w+_|\bP\d+-\d+\b/g, 'ID');
}

async function ask(port: number, buildId: string, path: string, headers: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: 'manual' });
  const head = [...res.headers]
    .filter(([k]) => !IGNORED_HEADERS.has(k))
    // When the rate limit's window ends depends on when in it the call came, and what is left of it on how many
    // calls the visitor's pages made in-process before (a change of a loader's reads changes that, not the answer).
    .map(([k, v]) => `${k}: ${k === 'x-ratelimit-reset' ? 'SECONDS' : k === 'x-ratelimit-remaining' ? 'LEFT' : normalise(v, buildId)}`)
    .sort();
  return { status: res.status, head: head.join('\n'), body: normalise(await res.text(), buildId) };
}

/** Where two texts first part, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n  before: …${a.slice(Math.max(0, i - 120), i + 160)}…\n  after:  …${b.slice(Math.max(0, i - 120), i + 160)}…`;
}

async function main() {
  if (args.serve) return serve(args.serve, args['database-url'] as string);
  const url = args['database-url'];
  if (!args.before || !url) throw new Error('usage: node bench/compare-pages.ts --before <checkout> --database-url <url>');
  const ids = await setUp(url);
  const [before, after] = await Promise.all([start(args.before, url), start(here, url)]);
  const viewers: [string, Record<string, string>][] = [
    ['guest', {}],
    ['signed in', { cookie: `${COOKIE.auth}=${ids.token}` }],
  ];
  const languages: Record<string, string>[] = [{ 'accept-language': 'en' }, { 'accept-language': 'ar', 'x-locale': 'ar' }];
  let calls = 0;
  let differences = 0;
  try {
    for (const path of pathsFor(ids))
      for (const [who, auth] of viewers)
        for (const language of languages) {
          const headers = { ...auth, ...language };
          calls++;
          // Relative times ("5 minutes ago") may cross a boundary between the two answers: a difference is asked again.
          let same = false;
          let last: [Awaited<ReturnType<typeof ask>>, Awaited<ReturnType<typeof ask>>] | null = null;
          for (let attempt = 0; attempt < 3 && !same; attempt++) {
            last = await Promise.all([ask(before.port, before.buildId, path, headers), ask(after.port, after.buildId, path, headers)]);
            same = last[0].status === last[1].status && last[0].head === last[1].head && last[0].body === last[1].body;
          }
          if (same || !last) continue;
          differences++;
          if (differences <= Number(args.show)) {
            const [a, b] = last;
            const part =
              a.status !== b.status
                ? `status ${a.status} → ${b.status}`
                : a.head !== b.head
                  ? firstDifference(a.head, b.head)
                  : firstDifference(a.body, b.body);
            console.log(`DIFF ${path} (${who}, ${language['accept-language']}): ${part}`);
          }
        }
  } finally {
    before.child.disconnect();
    after.child.disconnect();
  }
  console.log(`${calls} calls compared, ${differences} difference(s)`);
  process.exitCode = differences === 0 ? 0 : 1;
}

await main();
