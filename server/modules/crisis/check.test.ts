import { describe, expect, it } from 'vitest';
import { CRISIS_TEXT_MAX } from '../../../core/crisis/normalize.ts';
import { isCrisisText } from './check.ts';

describe('isCrisisText (the server side of the crisis detector)', () => {
  const explicit: [string, string][] = [
    ['en', 'I keep thinking I want to end my life'],
    ['ar', 'صرت أفكر إني أقتل نفسي'],
    ['ja', '最近ずっと死にたいと思ってる'],
    ['es', 'A veces pienso en suicidarme'],
    ['de', 'Ich denke darüber nach, mich umzubringen'],
    ['hi', 'कभी कभी लगता है आत्महत्या कर लूं'],
    ['zh', '我最近一直想自杀'],
    ['ru', 'Я думаю покончить с собой'],
    ['tr', 'Kendimi öldürmek istiyorum'],
    ['fa', 'به خودکشی فکر می‌کنم'],
    ['pt', 'Eu quero morrer, não aguento'],
    ['ko', '요즘 자꾸 죽고 싶어요'],
  ];
  it.each(explicit)('detects an explicit statement in %s', async (lang, text) => {
    expect(await isCrisisText(text, lang)).toEqual({ matched: true, kind: 'explicit' });
  });

  const ordinary: [string, string][] = [
    ['en', 'This exam is killing me, three more days'],
    ['ar', 'موت من الضحك على هذا المقطع'],
    ['ja', '今日は疲れたけど、明日はきっといい日'],
    ['es', 'Estoy triste porque se fue mi perro'],
    ['de', 'Ich bin müde und traurig heute'],
    ['zh', '今天考试好难，笑死我了'],
  ];
  it.each(ordinary)('lets an ordinary text in %s through', async (lang, text) => {
    expect(await isCrisisText(text, lang)).toEqual({ matched: false });
  });

  it("checks the languages of the text's scripts besides the one it is filed under", async () => {
    // Filed under the writer's English interface (too short to detect), written in Hindi, Arabic, Russian.
    expect(await isCrisisText('कभी कभी लगता है आत्महत्या कर लूं', 'en')).toEqual({ matched: true, kind: 'explicit' });
    expect(await isCrisisText('صرت أفكر إني أقتل نفسي', 'en')).toEqual({ matched: true, kind: 'explicit' });
    expect(await isCrisisText('Я думаю покончить с собой', 'de')).toEqual({ matched: true, kind: 'explicit' });
    expect(await isCrisisText('موت من الضحك على هذا المقطع', 'en')).toEqual({ matched: false });
  });

  it('checks every list when the language is not known, and English always', async () => {
    expect(await isCrisisText('もう死にたい', null)).toEqual({ matched: true, kind: 'explicit' });
    expect(await isCrisisText('No reason to live anymore', 'de')).toEqual({ matched: true, kind: 'indirect' });
    expect(await isCrisisText('Nothing special today', undefined)).toEqual({ matched: false });
  });

  it('reads no further than the longest field, and refuses nothing', async () => {
    expect(await isCrisisText(`${'a '.repeat(CRISIS_TEXT_MAX)} I want to die`, 'en')).toEqual({ matched: false });
    expect(await isCrisisText('\u0000 kill myself \u0000', 'en')).toEqual({ matched: true, kind: 'explicit' });
    expect(await isCrisisText('', 'en')).toEqual({ matched: false });
  });
});
