/**
 * Right-to-left user text laid out right (browser review of stop 31, #4 and #5) and the JSON-LD DESIGN.md
 * principle 4 names (spec audit of stop 31, gap 5).
 * - An Arabic post or comment that opens with a Latin nickname runs right to left on English and Arabic pages
 *   (`dir="auto"` took the Latin letter first and laid it out left to right); a comment typed that way does too.
 * - A Latin #tag inside Arabic text reads "#sleep2026", not "sleep2026#"; an Arabic tag keeps its "#" on the right;
 *   a web address keeps its closing "/" at its end and an @name its "@" at its start.
 * - Feeds, a tag page and the static pages carry schema.org JSON-LD with absolute URLs from the configured origin.
 * At a 390 px phone and a 1280 px desktop, with no console errors and nothing wider than the screen.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { at, catalog, signInAsGuest, watchErrors } from './pages.ts';
import { overflow } from './people.ts';

const stamp = Date.now().toString(36);
const LATIN_TAG = `sleep${stamp}`;
const ARABIC_TAG = 'نوم';
const ADDRESS = 'https://example.org/sleep/';
const NAME = '@Sunny_River';
const POST = `SunnyRiver42 قال لي إن المشي نصف ساعة كل يوم يساعد على النوم، وأنا أجرب ذلك منذ أسبوع وما زلت أستيقظ في الرابعة صباحاً. هل لديكم نصائح أخرى؟ قرأت ${ADDRESS} وسألت ${NAME} أيضاً. أشعر بالتعب #${ARABIC_TAG} #${LATIN_TAG} شكراً لكم جميعاً`;
const COMMENT = 'SunnyRiver42 محق، المشي في الصباح ساعدني كثيراً على النوم مبكراً';

let post: { id: number; language: string; tags: { id: number; name: string }[] };

test.beforeAll(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL });
  const guest = await api.post('/api/guest-login', { data: {} });
  expect(guest.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await guest.json()).token}` };
  const created = await api.post('/api/posts', { data: { content: POST }, headers });
  expect(created.status(), await created.text()).toBe(201);
  post = (await created.json()).data;
  // The language the layout follows: detected from the text, whatever the first letter.
  expect(post.language).toBe('ar');
  const comment = await api.post('/api/comments', { data: { post_id: post.id, content: COMMENT }, headers });
  expect(comment.status(), await comment.text()).toBe(201);
  expect((await comment.json()).data.language).toBe('ar');
  await api.dispose();
});

/** Where a character of an element's text is drawn: the left edge of the box of its `index`th UTF-16 unit. */
function leftOf(el: Locator, index: number): Promise<number> {
  return el.evaluate((node, i) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let rest = i;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const length = text.textContent?.length ?? 0;
      if (rest < length) {
        const range = document.createRange();
        range.setStart(text, rest);
        range.setEnd(text, rest + 1);
        return range.getBoundingClientRect().left;
      }
      rest -= length;
    }
    throw new Error(`no character ${i}`);
  }, index);
}

const direction = (el: Locator) => el.evaluate((e) => getComputedStyle(e).direction);

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    for (const code of ['en', 'ar']) {
      test(`${code}: an Arabic post and comment opening with a Latin name run right to left, and their tags read as written`, async ({
        page,
      }) => {
        const errors: string[] = [];
        watchErrors(page, errors);
        await page.goto(at(code, `/problem/${post.id}`));
        const text = page.locator('main article p[lang="ar"]').first();
        await expect(text).toContainText('SunnyRiver42 قال لي');
        expect(await direction(text)).toBe('rtl');
        // Right to left, the Latin name that opens the text sits at the right end of the first line.
        const line = await text.evaluate((e) => e.getBoundingClientRect());
        expect(await leftOf(text, 0)).toBeGreaterThan(line.left + line.width / 2);

        // "#sleep…" reads left to right with its "#" first (left); "#نوم" right to left with its "#" on the right.
        const latin = text.getByRole('link', { name: `#${LATIN_TAG}` });
        expect(await leftOf(latin, 0)).toBeLessThan(await leftOf(latin, 1));
        const arabic = text.getByRole('link', { name: `#${ARABIC_TAG}` });
        expect(await leftOf(arabic, 0)).toBeGreaterThan(await leftOf(arabic, 1));
        // The address and the name read left to right, their first character leftmost and their last rightmost.
        for (const latinPiece of [ADDRESS, NAME]) {
          const first = POST.indexOf(latinPiece);
          expect(await leftOf(text, first)).toBeLessThan(await leftOf(text, first + latinPiece.length - 1));
          await expect(text.locator('bdi', { hasText: latinPiece })).toHaveText(latinPiece);
        }

        const comment = page.locator('#comments p[lang="ar"]').filter({ hasText: 'SunnyRiver42 محق' });
        await expect(comment).toHaveCount(1);
        expect(await direction(comment)).toBe('rtl');
        expect(await overflow(page)).toBeNull();
        expect(errors).toEqual([]);
      });

      test(`${code}: the comment box runs the way what is typed in it reads`, async ({ page }) => {
        const errors: string[] = [];
        watchErrors(page, errors);
        await signInAsGuest(page);
        await page.goto(at(code, `/problem/${post.id}`));
        const box = page.getByLabel(catalog(code)['comments.label']);
        // Empty, the box follows the page, so its placeholder does too.
        await expect(box).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
        await box.pressSequentially('SunnyRiver42 ');
        await expect(box).toHaveAttribute('dir', 'ltr');
        await box.pressSequentially('قال لي');
        // On the Arabic page the first Arabic letter turns the box; on the English one, Latin letters and Arabic
        // ones together are taken as the page's language, and Arabic alone as Arabic.
        await expect(box).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
        expect(await direction(box)).toBe(code === 'ar' ? 'rtl' : 'ltr');
        await box.fill('شكراً لك');
        await expect(box).toHaveAttribute('dir', 'rtl');
        expect(await overflow(page)).toBeNull();
        expect(errors).toEqual([]);
      });
    }
  });
}

/** The page's JSON-LD objects, parsed: a script that is not valid JSON fails here. */
async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((s) => JSON.parse(s));
}

const pageText = (code: string): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(new URL(`../../locales/pages/${code}.json`, import.meta.url), 'utf8'));
  } catch {
    return {};
  }
};
const FAQ_QUESTIONS = Object.keys(pageText('en')).filter((k) => /^faq\.[^.]+\.question$/.test(k));

test.describe('JSON-LD', () => {
  const LISTS = [
    ['/', '/problem/'],
    ['/topic', '/topic/'],
    ['/thought', '/thought/'],
  ] as const;
  const STATIC = [
    ['/About', 'AboutPage'],
    ['/contactUs', 'ContactPage'],
    ['/privacy-policy', 'WebPage'],
    ['/community-guidelines', 'WebPage'],
    ['/terms-and-conditions', 'WebPage'],
    ['/languages', 'WebPage'],
    ['/topSupporters', 'WebPage'],
  ] as const;

  for (const code of ['en', 'ar']) {
    test(`${code}: a feed lists the addresses of the items it shows, in their order`, async ({ page, baseURL }) => {
      for (const [path, item] of LISTS) {
        await page.goto(at(code, path));
        const [ld] = await jsonLdOf(page);
        expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'CollectionPage', url: `${baseURL}${at(code, path)}` });
        expect(ld.inLanguage).toBe(code);
        expect(ld.isPartOf).toEqual({ '@type': 'WebSite', name: 'Kindred', url: `${baseURL}${at(code, '/')}` });
        const list = ld.mainEntity as { numberOfItems: number; itemListElement: { position: number; url: string }[] };
        // The first page's items as the page shows them: the same addresses, in the same order.
        const shown = await page
          .locator(`main :is(ol, ul)[aria-busy] > li a[href*="${item}"]`)
          .evaluateAll(
            (links, prefix) =>
              [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))].filter((p) => p.includes(prefix)),
            item,
          );
        expect(shown.length).toBeGreaterThan(0);
        expect(list.itemListElement).toEqual(shown.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: `${baseURL}${p}` })));
        expect(list.numberOfItems).toBe(shown.length);
      }
      await page.goto(at(code, '/mood'));
      const [mood] = await jsonLdOf(page);
      expect(mood).toMatchObject({ '@type': 'CollectionPage', url: `${baseURL}${at(code, '/mood')}` });
      expect(mood.mainEntity).toBeUndefined();
    });

    test(`${code}: a tag page lists its posts`, async ({ page, baseURL }) => {
      const tag = post.tags.find((t) => t.name === LATIN_TAG);
      expect(tag).toBeDefined();
      await page.goto(at(code, `/tag/${tag?.id}`));
      const [ld] = await jsonLdOf(page);
      expect(ld).toMatchObject({
        '@type': 'CollectionPage',
        url: `${baseURL}${at(code, `/tag/${tag?.id}`)}`,
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: 1,
          itemListElement: [{ '@type': 'ListItem', position: 1, url: `${baseURL}${at(code, `/problem/${post.id}`)}` }],
        },
      });
    });

    test(`${code}: static pages say what kind of page they are, and the FAQ its questions and answers`, async ({ page, baseURL }) => {
      for (const [path, type] of STATIC) {
        await page.goto(at(code, path));
        const [ld] = await jsonLdOf(page);
        expect(ld).toMatchObject({ '@type': type, url: `${baseURL}${at(code, path)}`, inLanguage: code });
        expect(ld.name).toBe(await page.title());
      }
      await page.goto(at(code, '/FAQ'));
      const [faq] = await jsonLdOf(page);
      expect(faq).toMatchObject({ '@type': 'FAQPage', url: `${baseURL}${at(code, '/FAQ')}` });
      const questions = faq.mainEntity as { '@type': string; name: string; acceptedAnswer: { text: string } }[];
      expect(questions).toHaveLength(FAQ_QUESTIONS.length);
      const texts = { ...pageText('en'), ...pageText(code) };
      expect(questions[0].name).toBe(texts['faq.what.question']);
      expect(questions[0].acceptedAnswer.text).toBe(texts['faq.what.answer']);
      // Every answer is written out: the crisis answer names the report reason from the main catalog.
      expect(questions.filter((q) => q.name === '' || q.acceptedAnswer.text === '' || q.acceptedAnswer.text.startsWith('faq.'))).toEqual(
        [],
      );
      const crisis = questions.find((q) => q.name === texts['faq.crisis.question']);
      expect(crisis?.acceptedAnswer.text).toContain(catalog(code)['report_type.self_harm']);
      // Each question is one the page shows as a heading.
      await expect(page.getByRole('heading', { name: questions[0].name })).toBeVisible();
    });
  }

  test('the addresses come from the configuration, not from the request', async ({ baseURL }) => {
    const api = await request.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    });
    const html = await (await api.get('/FAQ')).text();
    await api.dispose();
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null');
    expect(ld.url).toBe(`${baseURL}/FAQ`);
  });

  test('the item pages keep theirs', async ({ page, baseURL }) => {
    await page.goto(`/problem/${post.id}`);
    const [ld] = await jsonLdOf(page);
    expect(ld).toMatchObject({ '@type': 'DiscussionForumPosting', url: `${baseURL}/problem/${post.id}`, inLanguage: 'ar' });
  });
});
