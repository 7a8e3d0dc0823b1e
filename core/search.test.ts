/** The search words of core/search.ts: what is stored for a text, what a query asks for, and the marked parts. */
import { describe, expect, it } from 'vitest';
import { highlight, queryTerms, SEARCH_TEXT_MAX, searchWords, toTsquery } from './search.ts';

describe('searchWords', () => {
  it('stores normalized words, emoji, Arabic words without what is written onto them, and pairs of no-space runs', () => {
    expect(searchWords('Ｈｅｌｌｏ WORLD 😢')).toEqual(['hello', 'world', '😢']);
    expect(searchWords('بالوحدة')).toEqual(['بالوحدة', 'الوحدة', 'وحدة']);
    // Arabic short vowels are optional in writing.
    expect(searchWords('كَتَبَ')).toEqual(['كتب']);
    expect(searchWords('友達が')).toEqual(['友達', 'が', '友', '達', '達が']);
  });

  it('keeps pairs across the dictionary’s word breaks and inside runs it left whole', () => {
    const words = searchWords('アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン');
    expect(words).toContain('セソ');
    expect(words).toContain('ヲン');
  });

  it('is bounded: only the first SEARCH_TEXT_MAX units are read, and no stored word is longer than 64 units', () => {
    const words = searchWords(`${'word '.repeat(SEARCH_TEXT_MAX / 5)}unreached`);
    expect(words).toEqual(['word']);
    const stacked = `ก${'\u0E48'.repeat(3000)}ข${'\u0E49'.repeat(3000)} 友${'\u0301'.repeat(500)} ok`;
    expect(searchWords(stacked)).toEqual(['ok']);
  });
});

describe('queries', () => {
  it('quotes every word, so no character is tsquery syntax', () => {
    expect(toTsquery(queryTerms("O'Brien's back\\slash & | ! :*"))).toBe("'o''brien''s':* & 'back':* & 'slash':*");
    expect(toTsquery(queryTerms('!!! ( ) :*'))).toBe(null);
  });

  it('asks for prefixes of spaced words of 3+ letters, exact 1–2 character CJK words, and the pairs of longer ones', () => {
    expect(toTsquery(queryTerms('I am sad'))).toBe("'i' & 'am' & 'sad':*");
    expect(toTsquery(queryTerms('友達'))).toBe("'友達'");
    expect(toTsquery(queryTerms('寂'))).toBe("'寂'");
    expect(toTsquery(queryTerms('集中で'))).toBe("('集中で' | ('集中' & '中で'))");
  });
});

describe('highlight', () => {
  it('cuts the text into parts that put together are the text, the matched words marked', () => {
    const parts = highlight('Helping others helped me. 私は友達がいません', queryTerms('help 友達'));
    expect(parts).toEqual([
      { text: 'Helping', match: true },
      { text: ' others ', match: false },
      { text: 'helped', match: true },
      { text: ' me. 私は', match: false },
      { text: '友達', match: true },
      { text: 'がいません', match: false },
    ]);
  });

  it('marks similarly spelt words only for the misspelling fallback', () => {
    expect(highlight('my therapist', queryTerms('theripist')).some((p) => p.match)).toBe(false);
    expect(highlight('my therapist', queryTerms('theripist'), true)).toEqual([
      { text: 'my ', match: false },
      { text: 'therapist', match: true },
    ]);
  });
});

describe('long no-space queries', () => {
  it('looks for a run too long for one lexeme word by word', () => {
    const sentence =
      '新しい職場にまだ友達がいなくて昼休みはいつも一人で過ごしていますが話しかけるきっかけが分からず毎日少し寂しい気持ちになりますがそれでも明日はきっと良くなると信じています';
    const terms = queryTerms(sentence);
    expect(terms.length).toBe(12);
    expect(terms.map((t) => t.word)).toContain('友達');
  });
});
