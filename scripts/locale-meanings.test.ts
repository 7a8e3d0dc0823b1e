/**
 * Meanings the placeholder check of verify-locales cannot see, for an anonymous peer-support community: texts that
 * once read wrongly in some languages and must not come back.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { TITLE_SEPARATOR } from '../app/lib/meta.ts';
import { getLocale, LOCALE_CODES } from '../core/locales.ts';

const read = (dir: string, code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../locales/${dir}${code}.json`, import.meta.url), 'utf8'));

describe('catalog meanings', () => {
  it('errors.unauthenticated asks the reader to sign in, not about a verified identity (nobody here has one)', () => {
    // "Identity", "verified", "authenticated" in the languages whose catalogs said "your identity has not been verified".
    const identity =
      /identit|authentif|authenticat|verif|هوي|هویت|شناخت|ناسنام|پشتڕاست|تایید|تأیید|पहचान|सत्यापित|পরিচয়|যাচাই|அடையாள|சரிபார்|ማንነት|አልተረጋገጠ/iu;
    const wrong = LOCALE_CODES.filter((code) => identity.test(read('', code)['errors.unauthenticated']));
    expect(wrong).toEqual([]);
    expect(read('', 'en')['errors.unauthenticated']).toBe('Please sign in to continue.');
  });

  it('feeling.numb is numbness of feeling, not of the body', () => {
    // The words for a limb gone numb (cold, pins and needles, anaesthesia) that these catalogs used.
    const physical: Record<string, string> = {
      fr: 'Engourdi',
      es: 'Entumecido',
      it: 'Intorpidito',
      pt: 'Entorpecido',
      ro: 'Amorțit',
      ms: 'Kebas',
      vi: 'Tê dại',
      sw: 'Kufa ganzi',
    };
    const wrong = Object.entries(physical).filter(([code, word]) => read('', code)['feeling.numb'] === word);
    expect(wrong).toEqual([]);
  });

  it('page titles share one separator, the one app/lib/meta.ts puts after a page’s own heading', () => {
    const odd = LOCALE_CODES.flatMap((code) =>
      Object.entries(read('', code))
        .filter(([key]) => /^meta\..*\.title$/.test(key))
        .filter(([, title]) => !title.endsWith(`${TITLE_SEPARATOR}Kindred`) && !title.startsWith(`Kindred${TITLE_SEPARATOR}`))
        .map(([key, title]) => `${code} ${key}: ${title}`),
    );
    expect(odd).toEqual([]);
  });

  it('the crisis texts of the FAQ and the guidelines name the report reason through the report dialog’s own label', () => {
    // A quoted reason written out in the page drifts from the dialog's list ("Self-harm" was never one of its reasons);
    // {selfHarm} is filled from report_type.self_harm when the page renders (StaticPage).
    for (const code of LOCALE_CODES) {
      const pages = read('pages/', code);
      for (const key of ['faq.crisis.answer', 'guidelines.crisis.p1']) {
        const quotes = pages[key].match(/[“«„‘「][^”»“’」]*[”»“’」]/gu) ?? [];
        expect(
          quotes.map((q) => q.replace(/^.\s?|\s?.$/gu, '')),
          `${code} ${key}`,
        ).toEqual(['{selfHarm}']);
      }
    }
  });

  it('the crisis lines’ date reads with one full stop where the month’s own format ends in one (ru “г.”, uk “р.”)', () => {
    const doubled = LOCALE_CODES.flatMap((code) => {
      const { tag } = getLocale(code);
      const date = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, 0, 15, 12));
      const text = new IntlMessageFormat(read('', code)['crisis.checked'], tag).format({ date }) as string;
      return /\.\s*\./u.test(text) ? [`${code}: ${text}`] : [];
    });
    expect(doubled).toEqual([]);
  });

  it('Persian names what people write with the words its tabs and lists use (نوشته, دیدگاه), never “پست” or “نظر”', () => {
    // "نظر" alone is a comment here; in نظرسنجی (a poll) and به نظر می‌رسد (it seems) it is another word.
    const fa = read('', 'fa');
    const odd = Object.entries(fa).filter(([, text]) => /پست|(?<!به )نظر(?!سنجی)/u.test(text));
    expect(odd).toEqual([]);
  });
});
