import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJsonLd, postPagePath } from '../../../core/json-ld.ts';
import { POINTS, POSTS_WINDOW_MS } from '../../../core/limits.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let postFeeling: number;
beforeAll(async () => {
  t = await createTestApp();
  postFeeling = (await t.call(null, 'GET', '/api/feelings?type=post')).body.data[0].id;
});
afterAll(() => t.close());

const long = (words: string) => `${words} ${'and it keeps coming back every single evening when the house gets quiet. '.repeat(3)}`.trim();
async function newPost(g: Guest, content = long(`Post ${Math.random()}`), extra: Record<string, unknown> = {}) {
  const res = await t.call(g, 'POST', '/api/posts', { content, ...extra });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; [k: string]: unknown };
}

describe('editing and deleting', () => {
  it('lets the author edit a post, re-tagging it, and refuses anyone else', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const p = await newPost(author, long('Exams are close #exams'));
    expect(p.tags).toEqual([expect.objectContaining({ name: 'exams' })]);

    const edit = await t.call(author, 'PUT', `/api/posts/${p.id}`, {
      content: long('Now it is about #work and #sleep'),
      feeling_id: postFeeling,
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ message: 'Post Updated', data: { id: p.id, feeling: { id: postFeeling } } });
    expect(edit.body.data.tags.map((x: { name: string }) => x.name)).toEqual(['sleep', 'work']);

    expect(await t.call(other, 'PUT', `/api/posts/${p.id}`, { content: long('Not mine') })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await t.call(null, 'PUT', `/api/posts/${p.id}`, { content: long('Anonymous') })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    expect(await t.call(author, 'PUT', '/api/posts/999999', { content: long('Nothing here') })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    const blank = await t.call(author, 'PUT', `/api/posts/${p.id}`, { content: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.code).toBe('VALIDATION');
    expect(blank.body.errors).toHaveProperty('content');
  });

  it('answers a write in the page’s language (X-Locale), whatever the account’s: the feeling and the rank', async () => {
    const author = await signInGuest(t.app);
    const ru = { headers: { 'x-locale': 'ru' } };
    const feelings = (await t.call(null, 'GET', '/api/feelings?type=mood', undefined, ru)).body.data as { id: number; name: string }[];
    const feeling = (await t.call(null, 'GET', '/api/feelings?type=post', undefined, ru)).body.data[0] as { id: number; name: string };
    const shown = { feeling: { id: feeling.id, name: feeling.name }, user: { rank: { name: 'Новичок' } } };
    const created = await t.call(author, 'POST', '/api/posts', { content: long('Written on a Russian page'), feeling_id: feeling.id }, ru);
    expect(created).toMatchObject({ status: 201, body: { message: 'Публикация создана', data: shown } });
    const id = created.body.data.id;
    // Never edited: one time for both (updated_at came out milliseconds before created_at).
    expect(created.body.data.updated_at).toBe(created.body.data.created_at);
    const edited = await t.call(author, 'PUT', `/api/posts/${id}`, { content: long('Edited on a Russian page') }, ru);
    expect(edited).toMatchObject({ status: 200, body: { data: shown } });

    const mood = await t.call(author, 'POST', '/api/user/store/moods', { content: 'A short one', feeling_id: feelings[0].id }, ru);
    const moodShown = { feeling: { id: feelings[1].id, name: feelings[1].name }, user: { rank: { name: 'Новичок' } } };
    const moodEdited = await t.call(
      author,
      'POST',
      `/api/user/update/mood/${mood.body.data.id}`,
      { content: 'Still short', feeling_id: feelings[1].id },
      ru,
    );
    expect(moodEdited).toMatchObject({ status: 200, body: { data: moodShown } });
  });

  it('deletes only for the author, with the SPEC texts, and the post is gone', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const p = await newPost(author);
    expect(await t.call(other, 'DELETE', `/api/posts/${p.id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const del = await t.call(author, 'DELETE', `/api/posts/${p.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Post Deleted', description: 'Post has been successfully deleted.' });
    expect(await t.call(null, 'GET', `/api/posts/${p.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(author, 'DELETE', `/api/posts/${p.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await t.call(null, 'GET', `/api/check-problem-url?id=${p.id}`)).body).toEqual({ exists: false });
  });
});

describe('support, favorite, hide', () => {
  it('keeps the support count, idempotently, and shows the viewer their flag', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    expect((await t.call(reader, 'POST', '/api/supports', { post_id: p.id })).body).toEqual({ supports_count: 1, is_supported: true });
    expect((await t.call(reader, 'POST', '/api/supports', { post_id: p.id })).body).toEqual({ supports_count: 1, is_supported: true });
    const seen = (await t.call(reader, 'GET', `/api/posts/${p.id}`)).body.data;
    expect(seen).toMatchObject({ supports_count: 1, is_supported: true, is_mine: false });
    expect((await t.call(author, 'GET', `/api/posts/${p.id}`)).body.data.is_supported).toBe(false);
    expect((await t.call(reader, 'POST', '/api/unsupport', { post_id: p.id })).body).toEqual({ supports_count: 0, is_supported: false });
    expect((await t.call(reader, 'POST', '/api/unsupport', { post_id: p.id })).body).toEqual({ supports_count: 0, is_supported: false });
    expect(await t.call(reader, 'POST', '/api/supports', { post_id: 999999 })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(null, 'POST', '/api/supports', { post_id: p.id })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('counts parallel supports from many people exactly', async () => {
    const author = await signInGuest(t.app);
    const p = await newPost(author);
    const readers = await Promise.all(Array.from({ length: 6 }, () => signInGuest(t.app)));
    await Promise.all(readers.map((r) => t.call(r, 'POST', '/api/supports', { post_id: p.id })));
    await Promise.all(readers.map((r) => t.call(r, 'POST', '/api/supports', { post_id: p.id })));
    expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data.supports_count).toBe(6);
    // Support received earns the author points (DESIGN.md ranks).
    const me = (await t.call(author, 'GET', '/api/get/data/user')).body.data;
    expect(me.points).toBe(POINTS.post + 6 * POINTS.supportReceived);
  });

  it('toggles favorites and lists them', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    expect((await t.call(reader, 'POST', '/api/favorites', { post_id: p.id })).body).toEqual({ is_favorited: true });
    const list = (await t.call(reader, 'GET', '/api/favorites')).body;
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect(list.data[0].is_favorited).toBe(true);
    expect(list.meta.total).toBe(1);
    expect((await t.call(reader, 'POST', '/api/favorites', { post_id: p.id })).body).toEqual({ is_favorited: false });
    expect((await t.call(reader, 'GET', '/api/favorites')).body.meta.total).toBe(0);
    expect(await t.call(null, 'GET', '/api/favorites')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it("hides a post from the viewer's feed only, and the total follows", async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    const before = (await t.call(reader, 'GET', '/api/posts?per_page=50')).body;
    expect(before.data.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect((await t.call(reader, 'POST', '/api/hides', { post_id: p.id })).body).toEqual({ is_hidden: true });
    const after = (await t.call(reader, 'GET', '/api/posts?per_page=50')).body;
    expect(after.data.some((x: { id: number }) => x.id === p.id)).toBe(false);
    expect(after.meta.total).toBe(before.meta.total - 1);
    expect((await t.call(author, 'GET', '/api/posts?per_page=50')).body.data.some((x: { id: number }) => x.id === p.id)).toBe(true);
    expect((await t.call(reader, 'GET', `/api/posts/${p.id}`)).body.data.is_hidden).toBe(true);
    expect((await t.call(reader, 'DELETE', `/api/hides/${p.id}`)).body).toEqual({ is_hidden: false });
    expect((await t.call(reader, 'GET', '/api/posts?per_page=50')).body.meta.total).toBe(before.meta.total);
  });
});

describe('the posts a person hid (GET /api/hides, decision 066)', () => {
  const ids = (body: { data?: { id: number }[] }) => (body.data ?? []).map((x) => x.id);

  it('lists only their own hides, last hidden first, paged, and follows an unhide', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const first = await newPost(author);
    const second = await newPost(author);
    await t.call(reader, 'POST', '/api/hides', { post_id: first.id });
    await t.call(reader, 'POST', '/api/hides', { post_id: second.id });
    await t.call(other, 'POST', '/api/hides', { post_id: first.id });

    const all = await t.call(reader, 'GET', '/api/hides');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([second.id, first.id]);
    expect(all.body.data.map((x: { is_hidden: boolean }) => x.is_hidden)).toEqual([true, true]);
    expect(all.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });

    const page2 = (await t.call(reader, 'GET', '/api/hides?per_page=1&page=2')).body;
    expect(ids(page2)).toEqual([first.id]);
    expect(page2.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    expect(page2.links).toEqual({ next: null, prev: '/api/hides?page=1&per_page=1' });

    expect(ids((await t.call(other, 'GET', '/api/hides')).body)).toEqual([first.id]);
    expect((await t.call(author, 'GET', '/api/hides')).body).toMatchObject({ data: [], meta: { total: 0 } });

    await t.call(reader, 'DELETE', `/api/hides/${second.id}`);
    expect(ids((await t.call(reader, 'GET', '/api/hides')).body)).toEqual([first.id]);
  });

  it('leaves out a hidden post whose author the viewer then blocked, and answers 401 and 422 as other lists do', async () => {
    const author = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const p = await newPost(author);
    await t.call(reader, 'POST', '/api/hides', { post_id: p.id });
    expect((await t.call(reader, 'POST', '/api/blocks', { user_id: author.id })).status).toBe(200);
    expect((await t.call(reader, 'GET', '/api/hides')).body).toMatchObject({ data: [], meta: { total: 0 } });

    expect(await t.call(null, 'GET', '/api/hides')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await t.call(reader, 'GET', '/api/hides?page=0')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
  });

  it('documents both lists of hidden items in the OpenAPI document, as additions to API.md', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/hides'].get.summary).toBe('The posts you hid, last hidden first');
    expect(doc.paths['/api/user/get/hidden-moods'].get.summary).toBe('The moods you hid, last hidden first');
    for (const path of ['/api/hides', '/api/user/get/hidden-moods'])
      expect(doc.paths[path].get.description).toMatch(/^Not in API\.md \(decision 066\)/);
  });
});

describe("the author's switches", () => {
  it('toggles share, advice and notifications on their own post only', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const p = await newPost(author);
    for (const [path, field] of [
      ['disable-share', 'share_disabled'],
      ['disable-advice', 'advice_disabled'],
      ['disable-post-notification', 'notifications_disabled'],
    ] as const) {
      expect((await t.call(author, 'POST', `/api/${path}`, { post_id: p.id })).body).toEqual({ [field]: true });
      expect((await t.call(null, 'GET', `/api/posts/${p.id}`)).body.data[field]).toBe(true);
      expect((await t.call(author, 'POST', `/api/${path}`, { post_id: p.id })).body).toEqual({ [field]: false });
      expect(await t.call(other, 'POST', `/api/${path}`, { post_id: p.id })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      expect(await t.call(null, 'POST', `/api/${path}`, { post_id: p.id })).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHENTICATED' },
      });
    }
  });
});

describe('check-new-note', () => {
  it('answers allowed, then the limit with retry_at after 5 posts', async () => {
    const g = await signInGuest(t.app);
    expect((await t.call(g, 'GET', '/api/check-new-note?type=post')).body).toEqual({ isAllowed: true });
    const oldest = await newPost(g);
    for (let i = 0; i < 4; i++) await newPost(g);
    const res = (await t.call(g, 'GET', '/api/check-new-note?type=post')).body;
    expect(res).toMatchObject({ isAllowed: false, code: 'POST_LIMIT', limit: true });
    expect(res.retry_at).toBe(new Date(Date.parse(oldest.created_at as string) + POSTS_WINDOW_MS).toISOString());
    expect(await t.call(null, 'GET', '/api/check-new-note?type=post')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await t.call(g, 'GET', '/api/check-new-note?type=nope')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
  });
});

describe('tags, keyword, trending and related', () => {
  it('turns #hashtags into tags with a page of posts and an address check', async () => {
    const g = await signInGuest(t.app);
    const p = await newPost(g, long('Night shifts again #NightShift #insomnia'));
    const tag = p.tags as { id: number; name: string }[];
    expect(tag.map((x) => x.name)).toEqual(['insomnia', 'NightShift']);
    const other = await newPost(await signInGuest(t.app), long('Anyone else awake? #nightshift'));
    expect((other.tags as { id: number }[])[0].id).toBe(tag[1].id);
    const page = (await t.call(null, 'GET', `/api/tags/${tag[1].id}/posts`)).body;
    expect(page.data.map((x: { id: number }) => x.id)).toEqual([other.id, p.id]);
    expect((await t.call(null, 'GET', `/api/tags/${tag[1].id}`)).body.data).toEqual({ id: tag[1].id, name: 'NightShift', posts_count: 2 });
    expect((await t.call(null, 'GET', `/api/check-tag-url?id=${tag[1].id}`)).body).toEqual({ exists: true });
    expect((await t.call(null, 'GET', '/api/check-tag-url?slug=nightshift')).body).toEqual({ exists: true });
    expect((await t.call(null, 'GET', '/api/check-tag-url?id=999999')).body).toEqual({ exists: false });
    expect(await t.call(null, 'GET', '/api/tags/999999/posts')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('finds posts by keyword, in any case, treating % and _ literally', async () => {
    const g = await signInGuest(t.app);
    const p = await newPost(g, long('My Grandmother passed away last week'));
    const found = (await t.call(null, 'GET', '/api/posts-by-keyword?keyword=grandmother')).body;
    expect(found.data.map((x: { id: number }) => x.id)).toContain(p.id);
    expect((await t.call(null, 'GET', '/api/posts-by-keyword?keyword=%25')).body.data).toEqual([]);
    expect(await t.call(null, 'GET', '/api/posts-by-keyword?keyword=')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
  });

  it('ranks trending posts by supports and comments, and relates posts by tag', async () => {
    const a = await signInGuest(t.app);
    const b = await signInGuest(t.app);
    const quiet = await newPost(a, long('A quiet post about #gardening'));
    const busy = await newPost(b, long('A busy post about #gardening'));
    for (const r of await Promise.all([1, 2, 3].map(() => signInGuest(t.app)))) {
      await t.call(r, 'POST', '/api/supports', { post_id: busy.id });
      await t.call(r, 'POST', '/api/comments', { post_id: busy.id, content: 'Sending you strength.' });
    }
    await t.call(b, 'POST', '/api/supports', { post_id: quiet.id });
    const trending = (await t.call(null, 'GET', '/api/trendingPosts')).body.data.map((x: { id: number }) => x.id);
    expect(trending.indexOf(busy.id)).toBeLessThan(trending.indexOf(quiet.id));
    expect(trending.length).toBeLessThanOrEqual(10);
    // A reader who hid the busy post gets the same ranking without it, with their own flags on the rest.
    await t.call(a, 'POST', '/api/hides', { post_id: busy.id });
    const theirs = (await t.call(a, 'GET', '/api/trendingPosts')).body.data as { id: number; is_mine: boolean; is_hidden: boolean }[];
    expect(theirs.map((x) => x.id)).toEqual(trending.filter((id: number) => id !== busy.id));
    expect(theirs.find((x) => x.id === quiet.id)).toMatchObject({ is_mine: true, is_hidden: false });
    const related = (await t.call(null, 'GET', `/api/relatedPosts?post_id=${quiet.id}`)).body.data.map((x: { id: number }) => x.id);
    expect(related).toContain(busy.id);
    expect(related).not.toContain(quiet.id);
    expect(await t.call(null, 'GET', '/api/relatedPosts?post_id=999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('serves JSON-LD for a post', async () => {
    const g = await signInGuest(t.app);
    const p = await newPost(g);
    const ld = (await t.call(null, 'GET', `/api/schema/post/${p.id}`)).body;
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', author: { '@type': 'Person' } });
    expect(ld.url).toMatch(new RegExp(`/problem/${p.id}$`));
    expect(ld).not.toHaveProperty('keywords');
    expect(await t.call(null, 'GET', '/api/schema/post/999999')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // The problem page builds it from the post it read (core/json-ld.ts): the same JSON as the API's, tags or not.
    const tagged = await newPost(g, long(`About #Exams and #sleep ${Math.random()}`));
    for (const id of [p.id, tagged.id]) {
      const post = (await t.call(null, 'GET', `/api/posts/${id}`)).body.data;
      const fromApi = (await t.call(null, 'GET', `/api/schema/post/${id}`)).body;
      expect(JSON.stringify(postJsonLd(post, t.app.publicOrigin, postPagePath(id)))).toBe(JSON.stringify(fromApi));
    }
    expect((await t.call(null, 'GET', `/api/schema/post/${tagged.id}`)).body.keywords).toBe('exams, sleep');
  });
});

describe('content languages', () => {
  it('shows a viewer only posts in the languages they chose, with a matching total', async () => {
    const writer = await signInGuest(t.app);
    const french = await newPost(
      writer,
      "Je me sens très seul ce soir et je ne sais pas à qui parler de tout cela. Depuis que j'ai déménagé, je n'ai plus d'amis ici et mes journées se ressemblent toutes.",
    );
    const reader = await signInGuest(t.app);
    const saved = await t.call(reader, 'POST', '/api/store/custom/languages', { languages: ['fr'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: ['fr'] });
    const feed = (await t.call(reader, 'GET', '/api/posts?per_page=50')).body;
    expect(feed.data.map((x: { id: number; language: string }) => [x.id, x.language])).toEqual([[french.id, 'fr']]);
    expect(feed.meta.total).toBe(1);
    // A guest chooses with the content_languages cookie, and a kept copy of the feed for one choice is not another's.
    await newPost(writer);
    const read = async (cookie?: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/posts?per_page=50', headers: cookie ? { cookie } : {} });
      const body = res.json() as { data: { id: number; language: string }[]; meta: { total: number } };
      return { languages: [...new Set(body.data.map((x) => x.language))].sort(), total: body.meta.total, ids: body.data.map((x) => x.id) };
    };
    const everyone = await read();
    expect(everyone.languages).toEqual(['en', 'fr']);
    expect(await read('content_languages=fr')).toEqual({ languages: ['fr'], total: 1, ids: [french.id] });
    expect(await read('content_languages=all')).toEqual(everyone);
    expect(await read('content_languages=xx,fr,fr')).toEqual({ languages: ['fr'], total: 1, ids: [french.id] });
  });
});

describe('polls on posts', () => {
  it('creates a poll of 2–6 options and refuses 1 or 7 without storing anything', async () => {
    const g = await signInGuest(t.app);
    const p = await newPost(g, long('Should I tell my parents?'), {
      poll: { question: 'What would you do?', options: ['Tell them', 'Wait'] },
    });
    expect(p.poll).toMatchObject({ question: 'What would you do?', votes_count: 0, my_vote_option_id: null });
    expect((p.poll as { options: unknown[] }).options).toHaveLength(2);
    for (const options of [['Only one'], ['1', '2', '3', '4', '5', '6', '7']]) {
      const content = long(`Poll with ${options.length}`);
      const res = await t.call(g, 'POST', '/api/posts', { content, poll: { options } });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(Object.keys(res.body.errors ?? {})).toContain('poll.options');
      // Nothing half-written: the same text can be posted once the poll is fixed.
      expect((await t.call(g, 'POST', '/api/posts', { content, poll: { options: ['a', 'b'] } })).status).toBe(201);
    }
  });
});
