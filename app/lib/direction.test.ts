import { describe, expect, it } from 'vitest';
import { boxDir, textDir } from './direction.ts';

const NICKNAME_FIRST = 'SunnyRiver42 قال لي إن المشي نصف ساعة كل يوم يساعد على النوم';

describe('textDir', () => {
  it('gives Arabic, Persian and Urdu text that opens with a Latin name the direction of its language', () => {
    expect(textDir(NICKNAME_FIRST, 'ar')).toBe('rtl');
    expect(textDir('Maryam42 گفت که هر شب کمی پیاده‌روی می‌کند', 'fa')).toBe('rtl');
    expect(textDir('Ali99 نے کہا کہ وہ ہر رات تھوڑا سا چلتا ہے', 'ur')).toBe('rtl');
  });

  it('gives English that quotes an Arabic word first its own direction', () => {
    expect(textDir('«سلام» is how my grandmother greeted everyone', 'en')).toBe('ltr');
  });

  it('does not trust a language the text has no letters of (the server falls back to the author’s interface)', () => {
    expect(textDir('ok thanks!', 'ar')).toBe('ltr');
    expect(textDir('شكرا جزيلا', 'en')).toBe('rtl');
  });

  it('without a language, goes by the script of most letters, and leaves ties and letterless text to the browser', () => {
    expect(textDir(NICKNAME_FIRST)).toBe('rtl');
    expect(textDir('Hello from Cairo, أهلا')).toBe('ltr');
    expect(textDir('abc אבג')).toBe('auto');
    expect(textDir('123 :) 🙂')).toBe('auto');
    expect(textDir('anything', 'xx')).toBe('ltr');
  });
});

describe('boxDir', () => {
  it('runs Arabic typed after a Latin name right to left on an Arabic page from its first Arabic letter', () => {
    expect(boxDir('SunnyRiver42 ', 'ar')).toBe('ltr');
    expect(boxDir('SunnyRiver42 ق', 'ar')).toBe('rtl');
  });

  it('follows the page while the box has no letters, so the placeholder does too', () => {
    expect(boxDir('', 'ar')).toBe('rtl');
    expect(boxDir('', 'en')).toBe('ltr');
    expect(boxDir('42 …', 'fa')).toBe('rtl');
  });

  it('runs Arabic alone right to left on an English page', () => {
    expect(boxDir('مرحبا', 'en')).toBe('rtl');
  });
});
