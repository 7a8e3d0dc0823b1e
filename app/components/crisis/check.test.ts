/**
 * The crisis check at the moment of sending (decision 072): a text pasted and sent at once is checked as it is sent,
 * synchronously once the detector and the lists are loaded (which the first input starts), and the notice goes
 * beside a form that stays, above the toasts for a form that closed, never twice and never after it was hidden.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Check = typeof import('./check.ts');
let check: Check;

beforeEach(async () => {
  vi.resetModules();
  check = await import('./check.ts');
});

const POST = 'I have decided to end my life this weekend. I have the pills ready.';
const MESSAGE = 'honestly I want to kill myself tonight';

describe('the check at sending', () => {
  it('has no answer before the detector is loaded, then answers synchronously', async () => {
    expect(check.checkNow(POST, ['en'])).toBeNull();
    await check.loadCrisisCheck(['en']);
    expect(check.checkNow(POST, ['en'])).toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow(MESSAGE, ['en'])).toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow('What a lovely walk by the sea this morning.', ['en'])).toEqual({ matched: false });
  });

  it('needs the lists of the language asked, not only the ones loaded before', async () => {
    await check.loadCrisisCheck(['en']);
    const arabic = 'أريد أن أموت الليلة ولا أعرف لمن أقول';
    expect(check.checkNow(arabic, ['ar'])).toBeNull();
    await expect(check.checkText(arabic, ['ar'])).resolves.toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow(arabic, ['ar'])).toEqual({ matched: true, kind: 'explicit' });
    // Checked in English as well, as people mix.
    expect(check.checkNow(MESSAGE, ['ar'])).toEqual({ matched: true, kind: 'explicit' });
  });

  it('loads what it needs when nothing was loaded (a text sent before the load started)', async () => {
    await expect(check.checkText(MESSAGE, ['ja'])).resolves.toEqual({ matched: true, kind: 'explicit' });
    await expect(check.checkText('もう死にたい', ['ja'])).resolves.toEqual({ matched: true, kind: 'explicit' });
  });

  it('checks a text in the languages of its scripts, and in the languages its writer reads', async () => {
    // On the English pages, in Russian and in Japanese: their lists load with the text, not only English's.
    const russian = 'я больше не хочу жить, хочу умереть';
    await check.loadCrisisCheck(['en']);
    expect(check.checkNow(russian, ['en'])).toBeNull();
    await expect(check.checkText(russian, ['en'])).resolves.toEqual({ matched: true, kind: 'explicit' });
    await expect(check.checkText('もう死にたい', ['en'])).resolves.toEqual({ matched: true, kind: 'explicit' });
    // Hindi's list holds romanised phrases, so it comes with English's (decision 079), and so does Devanagari.
    expect(check.checkNow('मैं अब और नहीं जीना चाहता, मैं मरना चाहता हूं', ['en'])).toEqual({ matched: true, kind: 'explicit' });
    // Russian read by the person: its list comes with the first load.
    await check.loadCrisisCheck(['en', 'ru', 'uk']);
    expect(check.checkNow('я хочу умереть', ['en', 'ru', 'uk'])).toEqual({ matched: true, kind: 'explicit' });
  });

  it('checks a text in Latin letters in every language written in them, whatever the writer reads (decision 079)', async () => {
    await check.loadCrisisCheck(['en']);
    // Spanish, Polish and Indonesian written on the English pages by someone who listed none of them; romanised
    // Hindi; and on the Arabic pages, Spanish: all checked at once with English's list, no other load.
    expect(check.checkNow('ya no quiero vivir, quiero morir esta noche', ['en'])).toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow('chcę umrzeć', ['en'])).toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow('saya ingin mati', ['en'])).toEqual({ matched: true, kind: 'explicit' });
    expect(check.checkNow('yaar ab main marna chahta hoon', ['en'])).toEqual({ matched: true, kind: 'explicit' });
    await check.loadCrisisCheck(['ar']);
    expect(check.checkNow('quiero morir', ['ar'])).toEqual({ matched: true, kind: 'explicit' });
    // Ordinary sad words in those languages stay ordinary.
    expect(check.checkNow('Estoy triste porque se fue mi perro', ['en'])).toEqual({ matched: false });
    expect(check.checkNow('Jestem dziś bardzo zmęczony, ale dam radę', ['en'])).toEqual({ matched: false });
  });

  it('answers no match at once for a text too short to hold a phrase, loaded or not', async () => {
    expect(check.checkNow('  ok ', ['en'])).toEqual({ matched: false });
    await expect(check.checkText('ok', ['en'])).resolves.toEqual({ matched: false });
  });
});

describe('where the notice goes after sending', () => {
  const matched = { matched: true, kind: 'explicit' } as const;
  const none = { matched: false };
  const fresh = { shown: false, dismissed: false };
  const shown = { shown: true, dismissed: false };
  const hidden = { shown: false, dismissed: true };

  it('a form that stays keeps or shows it beside the box', () => {
    expect(check.afterSend(matched, fresh, true)).toBe('beside');
    // Up while writing: it stays up (the same notice, not announced again).
    expect(check.afterSend(matched, shown, true)).toBe('beside');
  });

  it('a form that closes shows it in the page only when it was not shown while writing', () => {
    expect(check.afterSend(matched, fresh, false)).toBe('page');
    expect(check.afterSend(matched, shown, false)).toBe('none');
  });

  it('nothing for a text that does not match, or when the person hid the notice', () => {
    expect(check.afterSend(none, fresh, true)).toBe('none');
    expect(check.afterSend(none, fresh, false)).toBe('none');
    expect(check.afterSend(matched, hidden, true)).toBe('none');
    expect(check.afterSend(matched, hidden, false)).toBe('none');
  });
});

describe('the pinned notice', () => {
  it('is pinned once until the person hides it', async () => {
    const pin = await import('./after-send.ts');
    const seen: boolean[] = [];
    expect(pin.crisisNoticePinned()).toBe(false);
    pin.pinCrisisNotice();
    pin.pinCrisisNotice();
    seen.push(pin.crisisNoticePinned());
    pin.unpinCrisisNotice();
    seen.push(pin.crisisNoticePinned());
    expect(seen).toEqual([true, false]);
  });
});
