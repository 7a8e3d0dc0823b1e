/**
 * GET /api/search and /api/recent-search through HTTP: every script (spaced and not), 1–2 character Chinese and
 * Japanese words, what the viewer must not see (their hides, people they blocked, moderation, other languages),
 * typos, edits and deletions, bad input, and recent searches.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSchema } from '../../../core/schemas/account.ts';
import { recentSearchListSchema, type SearchPage, searchPageSchema } from '../../../core/schemas/search.ts';
import { SEARCH_COUNT_CAP, SEARCH_TYPES, searchText } from '../../../core/search.ts';
import { posts, recentSearches } from '../../../db/schema.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';
import { backfillSearch } from './index.ts';

let t: TestApp;
let reader: Guest;
beforeAll(async () => {
  t = await createTestApp();
  reader = await signInGuest(t.app);
});
afterAll(() => t.close());

/** A post (over 150 characters, so it is placed as a post) by a new person; its id and author. */
async function post(sentence: string, locale = 'en'): Promise<{ id: number; author: Guest }> {
  // The author's interface language is the first guess of the text's language (server/lib/language.ts).
  const author = await signInGuest(t.app, locale);
  const content = Array.from({ length: Math.ceil(160 / Array.from(sentence).length) + 1 }, () => sentence).join(' ');
  const res = await t.call(author, 'POST', '/api/posts', { content });
  expect(res.status).toBe(201);
  expect(res.body.placed_as).toBe(undefined);
  return { id: res.body.data.id, author };
}

async function find(as: Guest | null, q: string, type = 'all', page = 1): Promise<SearchPage> {
  const res = await t.call(as, 'GET', `/api/search?q=${encodeURIComponent(q)}&type=${type}&page=${page}`, undefined, {
    schema: searchPageSchema,
  });
  expect(res.status).toBe(200);
  return res.body;
}
const postIds = (page: SearchPage) => page.data.filter((r) => r.type === 'post').map((r) => r.item.id);
/** The marked parts of the first result's content. */
const marked = (page: SearchPage) => (page.data[0]?.highlight.content ?? []).filter((p) => p.match).map((p) => p.text);

describe('search in every script', () => {
  // Each sentence holds a word found by a query written differently (case, a prefix, a word inside a longer one).
  const cases: { lang: string; sentence: string; query: string; mark: string }[] = [
    { lang: 'en', sentence: 'Since my grandmother passed away the house feels empty.', query: 'Grandmother', mark: 'grandmother' },
    { lang: 'ar', sentence: 'أشعر بالوحدة الشديدة منذ أن انتقلت إلى مدينة جديدة.', query: 'الوحدة', mark: 'بالوحدة' },
    { lang: 'ja', sentence: '私は新しい学校で友達がいません。毎日とても寂しいです。', query: '友達', mark: '友達' },
    { lang: 'zh', sentence: '我的朋友最近都不理我，我觉得很难过，不知道该怎么办。', query: '朋友', mark: '朋友' },
    { lang: 'th', sentence: 'ฉันรู้สึกเหงามากตั้งแต่ย้ายมาทำงานที่กรุงเทพ ไม่มีใครให้คุยด้วย', query: 'เหงา', mark: 'เหงา' },
    { lang: 'my', sentence: 'ကျွန်တော် အလုပ်မှာ အရမ်း စိတ်ညစ်နေတယ်။ ဘယ်သူနဲ့မှ မပြောရဲဘူး။', query: 'စိတ်ညစ်', mark: 'စိတ်ညစ်' },
    {
      lang: 'ru',
      sentence: 'После переезда меня мучает одиночество, и я не знаю, с кем поговорить.',
      query: 'одиночеств',
      mark: 'одиночество',
    },
    { lang: 'am', sentence: 'የጭንቀት ስሜት ከሥራ በኋላ በጣም ይከብደኛል፤ ምን ማድረግ እንዳለብኝ አላውቅም።', query: 'ጭንቀት', mark: 'ጭንቀት' },
    { lang: 'hi', sentence: 'नई नौकरी के बाद मैं बहुत अकेला महसूस करता हूँ और किसी से बात नहीं कर पाता।', query: 'अकेला', mark: 'अकेला' },
  ];

  for (const c of cases) {
    it(`finds a ${c.lang} post by a word of it, with the word marked`, async () => {
      const { id } = await post(c.sentence, c.lang);
      const page = await find(reader, c.query, 'posts');
      expect(postIds(page)).toEqual([id]);
      expect(page.meta.total).toBe(1);
      expect(page.fuzzy).toBe(false);
      const first = page.data[0];
      expect(first.type === 'post' && first.item.language).toBe(c.lang);
      expect(marked(page)[0]).toBe(c.mark);
      // The parts put together are the text, unchanged.
      expect(first.highlight.content.map((p) => p.text).join('')).toBe(first.type === 'post' ? first.item.content : '');
    });
  }

  it('finds Japanese and Chinese 1 and 2 character words, inside longer words as well', async () => {
    const ja = await post('昨日から頭痛がひどくて、仕事に集中できません。薬を飲みました。', 'ja');
    const zh = await post('考试压力太大了，我每天晚上都睡不着觉，心里很焦虑。', 'zh');
    expect(postIds(await find(reader, '頭痛', 'posts'))).toEqual([ja.id]);
    expect(postIds(await find(reader, '薬', 'posts'))).toEqual([ja.id]);
    expect(postIds(await find(reader, '焦虑', 'posts'))).toEqual([zh.id]);
    expect(postIds(await find(reader, '睡', 'posts'))).toEqual([zh.id]);
    // Three characters that are not one dictionary word: all of their pairs are in the text.
    expect(postIds(await find(reader, '集中で', 'posts'))).toEqual([ja.id]);
    expect(new Set(marked(await find(reader, '睡', 'posts')))).toEqual(new Set(['睡']));
  });

  it('finds Arabic words with and without the article and prepositions written onto them', async () => {
    const { id } = await post('أحتاج إلى المساعدة لأن والدي مريض جداً ولا أعرف ماذا أفعل.', 'ar');
    expect(postIds(await find(reader, 'مساعدة', 'posts'))).toEqual([id]);
    expect(postIds(await find(reader, 'المساعدة', 'posts'))).toEqual([id]);
  });

  it('needs every word of the query, and ranks, and marks each', async () => {
    const both = await post('Exam stress keeps me awake; my exam results come next week.');
    const one = await post('Work stress is all I think about these days.');
    expect(postIds(await find(reader, 'exam stress', 'posts'))).toEqual([both.id]);
    const stress = await find(reader, 'stress', 'posts');
    expect(postIds(stress).sort((a, b) => a - b)).toEqual([both.id, one.id].sort((a, b) => a - b));
    expect(marked(await find(reader, 'exam stress', 'posts')).slice(0, 3)).toEqual(['Exam', 'stress', 'exam']);
  });

  it('finds what is misspelt when the words as written find nothing, and says so', async () => {
    const { id } = await post('My therapist suggested journaling every evening before sleeping.');
    const page = await find(reader, 'theripist', 'posts');
    expect(page.fuzzy).toBe(true);
    expect(postIds(page)).toEqual([id]);
    expect(marked(page)[0]).toBe('therapist');
    const exact = await find(reader, 'therapist', 'posts');
    expect(exact.fuzzy).toBe(false);
  });

  it("counts on each type's tab what that tab shows: its own words as written, else their typos", async () => {
    const exact = await post('Quibblethorn is the name I gave my worry.');
    const typoPosts = [await post('Quibblethorm keeps me awake.'), await post('Another night of quibblethorm.')];
    const g = await signInGuest(t.app);
    const thought = await t.call(g, 'POST', '/api/thoughts', { content: 'Quibblethorm passes, like weather.' });
    expect(thought.status).toBe(201);
    const tabs = async (query: string, from: string) => {
      const { counts } = await find(reader, query, from);
      // Every tab's number is what opening that tab shows, whichever tab the counts came from.
      for (const type of SEARCH_TYPES) {
        const page = await find(reader, query, type);
        expect([type, page.meta.total, page.data.length, page.counts]).toEqual([type, counts[type], counts[type], counts]);
      }
      return counts;
    };

    // Moods have neither the word nor a typo of it; posts have the word; thoughts only a typo of it.
    expect(await tabs('quibblethorn', 'moods')).toEqual({ all: 1, posts: 1, moods: 0, topics: 0, thoughts: 1, tags: 0 });
    expect(postIds(await find(reader, 'quibblethorn', 'posts'))).toEqual([exact.id]);
    const thoughts = await find(reader, 'quibblethorn', 'thoughts');
    expect([thoughts.fuzzy, thoughts.data.map((r) => [r.type, r.item.id])]).toEqual([true, [['thought', thought.body.data.id]]]);
    expect((await find(reader, 'quibblethorn', 'all')).fuzzy).toBe(false);
    // Nothing as written: every tab counts the typos.
    expect(await tabs('quibblethorz', 'all')).toEqual({ all: 4, posts: 3, moods: 0, topics: 0, thoughts: 1, tags: 0 });
    expect(postIds(await find(reader, 'quibblethorz', 'posts')).sort((a, b) => a - b)).toEqual(
      [exact.id, ...typoPosts.map((p) => p.id)].sort((a, b) => a - b),
    );
  });

  it('finds moods, topics, thoughts and tags, each under its type, all under "all", with counts per type', async () => {
    const g = await signInGuest(t.app);
    const mood = await t.call(g, 'POST', '/api/user/store/moods', {
      content: 'Feeling zorblat today',
      feeling_id: (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data[0].id,
    });
    expect(mood.status).toBe(201);
    const category = (await t.call(null, 'GET', '/api/categories')).body.data[0];
    const cover = (await t.call(null, 'GET', '/api/topic-covers')).body.data[0];
    const topic = await t.call(g, 'POST', '/api/topics', {
      title: 'Zorblat support circle',
      description: 'For everyone living with it.',
      category_id: category.id,
      cover_id: cover.id,
    });
    expect(topic.status).toBe(201);
    const thought = await t.call(g, 'POST', '/api/thoughts', { content: 'Zorblat passes, like weather.' });
    expect(thought.status).toBe(201);
    const tagged = await post('Writing about it helps #zorblat');

    const all = await find(reader, 'zorblat');
    expect(all.counts).toEqual({ all: 5, posts: 1, moods: 1, topics: 1, thoughts: 1, tags: 1 });
    expect(all.meta.total).toBe(5);
    // The tag named by the query first.
    expect(all.data[0]).toMatchObject({
      type: 'tag',
      item: { name: 'zorblat', posts_count: 1 },
      highlight: { name: [{ text: 'zorblat', match: true }] },
    });
    expect(all.data.map((r) => r.type).sort()).toEqual(['mood', 'post', 'tag', 'thought', 'topic']);

    const moods = await find(reader, 'zorblat', 'moods');
    expect(moods.data.map((r) => [r.type, r.item.id])).toEqual([['mood', mood.body.data.id]]);
    const topics = await find(reader, 'zorblat', 'topics');
    expect(topics.data.map((r) => [r.type, r.item.id])).toEqual([['topic', topic.body.data.id]]);
    expect(topics.data[0].highlight.title).toEqual([
      { text: 'Zorblat', match: true },
      { text: ' support circle', match: false },
    ]);
    expect((await find(reader, 'zorblat', 'thoughts')).data.map((r) => [r.type, r.item.id])).toEqual([['thought', thought.body.data.id]]);
    expect((await find(reader, 'zorblat', 'posts')).data.map((r) => [r.type, r.item.id])).toEqual([['post', tagged.id]]);
    expect((await find(reader, '#zorblat', 'tags')).data.map((r) => r.type)).toEqual(['tag']);
  });

  it('pages the results', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post(`Quindle number ${i} is how I count the days until I feel better.`)).id);
    const first = await t.call(reader, 'GET', '/api/search?q=quindle&type=posts&per_page=2', undefined, { schema: searchPageSchema });
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.body.links.next).toBe('/api/search?q=quindle&type=posts&page=2&per_page=2');
    const second = await t.call(reader, 'GET', '/api/search?q=quindle&type=posts&page=2&per_page=2', undefined, {
      schema: searchPageSchema,
    });
    expect([...postIds(first.body), ...postIds(second.body)].sort((a, b) => a - b)).toEqual(ids);
    const past = await t.call(reader, 'GET', '/api/search?q=quindle&type=posts&page=100000&per_page=50', undefined, {
      schema: searchPageSchema,
    });
    expect([past.body.data, past.body.meta.total, past.body.meta.last_page]).toEqual([[], 3, 1]);
  });

  it('counts up to 1,000 per type, then pages the newest matches', async () => {
    const author = await signInGuest(t.app);
    const n = SEARCH_COUNT_CAP + 5;
    const ids = Array.from({ length: n }, (_, i) => 5_000_000 + i);
    const texts = ids.map((id) => `Flibbertigibbet day number ${id}, and still here.`);
    // Bulk rows, as bench/search.ts writes them: a thousand posts through the API would take minutes.
    await t.database.db.execute(sql`insert into posts (id, user_id, content, content_key, language, created_at)
      select id, ${author.id}, c, c, 'en', now() - (id - 5000000) * interval '1 second'
      from unnest(${sql.param(ids)}::int[], ${sql.param(texts)}::text[]) as t(id, c)`);
    await t.database.db.execute(sql`insert into post_search (id, search_text)
      select * from unnest(${sql.param(ids)}::int[], ${sql.param(texts.map(searchText))}::text[])`);
    const page = await find(reader, 'flibbertigibbet');
    expect(page.counts).toEqual({ all: SEARCH_COUNT_CAP, posts: SEARCH_COUNT_CAP, moods: 0, topics: 0, thoughts: 0, tags: 0 });
    expect(page.meta).toEqual({ current_page: 1, last_page: 100, per_page: 10, total: SEARCH_COUNT_CAP });
    // Newest first: the ids were written newest first.
    expect(postIds(page)).toEqual(ids.slice(0, 10));
    expect(marked(page)).toEqual(['Flibbertigibbet']);
  });

  it('backfills items written without search words (before this migration, or loaded in bulk), once', async () => {
    const author = await signInGuest(t.app);
    const [row] = await t.database.db
      .insert(posts)
      .values({ userId: author.id, content: 'Quokkamood is what I call the good days.', contentKey: 'quokkamood', language: 'en' })
      .returning({ id: posts.id });
    expect(postIds(await find(reader, 'quokkamood', 'posts'))).toEqual([]);
    expect(await backfillSearch(t.database.db)).toBe(1);
    expect(postIds(await find(reader, 'quokkamood', 'posts'))).toEqual([row.id]);
    expect(await backfillSearch(t.database.db)).toBe(0);
  });

  it('follows edits and deletions', async () => {
    const { id, author } = await post('Plimsoll worries keep coming back at night.');
    expect(postIds(await find(reader, 'plimsoll', 'posts'))).toEqual([id]);
    const edited = await t.call(author, 'PUT', `/api/posts/${id}`, {
      content: `${'Wobbleton worries keep coming back at night. '.repeat(4)}`,
    });
    expect(edited.status).toBe(200);
    expect(postIds(await find(reader, 'plimsoll', 'posts'))).toEqual([]);
    expect(postIds(await find(reader, 'wobbleton', 'posts'))).toEqual([id]);
    expect((await t.call(author, 'DELETE', `/api/posts/${id}`)).status).toBe(200);
    expect(postIds(await find(reader, 'wobbleton', 'posts'))).toEqual([]);
  });
});

describe('what search leaves out', () => {
  it("leaves out the viewer's hidden posts, people they blocked, and what moderation hid or removed", async () => {
    const viewer = await signInGuest(t.app);
    const shown = await post('Grumbleweed season again, and I feel it.');
    const hidden = await post('Grumbleweed pollen makes everything worse.');
    const blocked = await post('Grumbleweed is everywhere in my town.');
    const underReview = await post('Grumbleweed allergy and anxiety together.');
    const removed = await post('Grumbleweed again, tired of it all.');
    expect((await t.call(viewer, 'POST', '/api/hides', { post_id: hidden.id })).status).toBe(200);
    expect((await t.call(viewer, 'POST', '/api/blocks', { user_id: blocked.author.id })).status).toBe(200);
    await t.database.db.update(posts).set({ moderation: 'hidden' }).where(eq(posts.id, underReview.id));
    await t.database.db.update(posts).set({ moderation: 'removed' }).where(eq(posts.id, removed.id));

    const seen = await find(viewer, 'grumbleweed', 'posts');
    expect(postIds(seen)).toEqual([shown.id]);
    expect(seen.meta.total).toBe(1);
    expect(seen.counts.posts).toBe(1);
    // Signed out: nobody's hides or blocks, moderation still.
    expect(postIds(await find(null, 'grumbleweed', 'posts')).sort((a, b) => a - b)).toEqual(
      [shown.id, hidden.id, blocked.id].sort((a, b) => a - b),
    );
    // The author of the post under review still finds it, marked; not the removed one.
    const own = await find(underReview.author, 'grumbleweed', 'posts');
    expect(postIds(own)).toContain(underReview.id);
    expect(postIds(own)).not.toContain(removed.id);
    expect(own.data.find((r) => r.item.id === underReview.id)?.item).toMatchObject({ under_review: true });
  });

  it("keeps to the viewer's content languages", async () => {
    const ja = await post('スノードロップという言葉が好きです。冬の終わりに咲く花です。', 'ja');
    const en = await post('Snowdrop is my favourite word; the flower at the end of winter.');
    const viewer = await signInGuest(t.app);
    expect((await t.call(viewer, 'POST', '/api/store/custom/languages', { languages: ['en'] })).status).toBe(200);
    expect(postIds(await find(viewer, 'snowdrop', 'posts'))).toEqual([en.id]);
    expect(postIds(await find(viewer, 'スノードロップ', 'posts'))).toEqual([]);
    expect(postIds(await find(reader, 'スノードロップ', 'posts'))).toEqual([ja.id]);
  });
});

describe('bad input', () => {
  it('answers 422 VALIDATION for a missing, empty or over-long query and an unknown type', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20%20',
      `/api/search?q=${'a'.repeat(201)}`,
      `/api/search?q=${encodeURIComponent('😢'.repeat(201))}`,
      '/api/search?q=sad&type=people',
      '/api/search?q=sad&page=0',
    ]) {
      const res = await t.call(null, 'GET', url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 422, code: 'VALIDATION' });
    }
    expect((await t.call(null, 'GET', '/api/search?q=')).body.errors).toEqual({ q: [expect.any(String)] });
    expect((await t.call(null, 'GET', '/api/search?q=sad&type=people')).body.errors).toEqual({ type: [expect.any(String)] });
    // 200 characters (emoji count as one each) is allowed.
    expect((await t.call(null, 'GET', `/api/search?q=${encodeURIComponent('😢'.repeat(200))}`)).status).toBe(200);
    expect((await t.call(null, 'GET', `/api/search?q=${'a'.repeat(200)}`)).status).toBe(200);
  });

  it('searches any characters as text: SQL, tsquery syntax, quotes, backslashes, emoji, direction marks', async () => {
    const { id } = await post("Don't know why O'Brien's advice \\ helps 😢 but it does, thank you all.");
    for (const q of [
      "'; drop table posts; --",
      "' | ! & <-> :* ( )",
      '!!!',
      '\\',
      "'",
      '"',
      '%_',
      'a:*',
      '\u200f\u202e\u200b',
      'foo & bar | !baz',
      "o'brien's",
      '(((',
      '\u{1F600}',
    ]) {
      const res = await t.call(null, 'GET', `/api/search?q=${encodeURIComponent(q)}`, undefined, { schema: searchPageSchema });
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
    expect(postIds(await find(null, "o'brien's", 'posts'))).toEqual([id]);
    expect(postIds(await find(null, '😢', 'posts'))).toEqual([id]);
    // A direction mark is not part of a word.
    expect(postIds(await find(null, "\u200fO'Brien", 'posts'))).toEqual([id]);
    expect(await find(null, '!!!')).toMatchObject({
      data: [],
      meta: { total: 0 },
      counts: { all: 0, posts: 0, moods: 0, topics: 0, thoughts: 0, tags: 0 },
    });
  });
});

describe('recent searches', () => {
  const recent = async (g: Guest) =>
    (await t.call(g, 'GET', '/api/recent-search', undefined, { schema: recentSearchListSchema })).body.data.map((r) => r.query);

  it('keeps the last 10 per person, newest first, the same words once; each removable, all clearable', async () => {
    const me = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    for (let i = 1; i <= 11; i++) await find(me, `word${i}`);
    await find(me, 'word5');
    // Paging the same search is not a new one.
    await find(me, 'word3', 'all', 2);
    expect(await recent(me)).toEqual(['word5', 'word11', 'word10', 'word9', 'word8', 'word7', 'word6', 'word4', 'word3', 'word2']);
    expect(await recent(other)).toEqual([]);

    const list = (await t.call(me, 'GET', '/api/recent-search', undefined, { schema: recentSearchListSchema })).body.data;
    expect(list[0]).toEqual({ id: expect.any(Number), query: 'word5', created_at: expect.any(String) });
    expect(await t.call(other, 'DELETE', `/api/recent-search/${list[0].id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await t.call(me, 'DELETE', `/api/recent-search/${list[0].id}`)).status).toBe(204);
    expect(await t.call(me, 'DELETE', `/api/recent-search/${list[0].id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(me, 'DELETE', '/api/recent-search/abc')).toMatchObject({ status: 422, body: { code: 'VALIDATION' } });
    expect((await recent(me))[0]).toBe('word11');
    expect((await t.call(me, 'DELETE', '/api/recent-search')).status).toBe(204);
    expect(await recent(me)).toEqual([]);
  });

  it('are part of "download my data", and go with the account', async () => {
    const me = await signInGuest(t.app);
    await find(me, 'first words');
    await find(me, 'second words');
    const file = exportSchema.parse((await t.app.inject({ method: 'GET', url: '/api/export', headers: me.auth })).json());
    expect(file.recent_searches.map((r) => r.query)).toEqual(['first words', 'second words']);
    expect((await t.call(me, 'POST', '/api/deactivate', {})).status).toBe(204);
    const left = await t.database.db.select().from(recentSearches).where(eq(recentSearches.userId, me.id));
    expect(left).toEqual([]);
  });

  it('is for signed-in people only', async () => {
    expect(await t.call(null, 'GET', '/api/recent-search')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await t.call(null, 'DELETE', '/api/recent-search')).toMatchObject({ status: 401 });
    expect(await t.call(null, 'DELETE', '/api/recent-search/1')).toMatchObject({ status: 401 });
  });
});
