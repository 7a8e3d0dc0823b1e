import type { PhraseList } from '../../detect.ts';

/** Yoruba. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'mo fẹ́ kú',
    'mo fe ku',
    'mo fẹ́ kú lọ',
    'ó sàn kí n kú',
    'pa ara mi',
    'màá pa ara mi',
    'maa pa ara mi',
    'ìpara-ẹni',
    'para eni',
    'fi òpin sí ayé mi',
    'pa ara mi lára',
    'ṣe ara mi léṣe',
    'se ara mi lese',
    'mi ò fẹ́ wà láàyè',
    'mi o fe wa laaye',
  ],
  indirect: [
    'mi ò lè fara dà á mọ́',
    'mi o le fara da a mo',
    'mi ò lè tẹ̀síwájú',
    'ó máa dára fún wọn láìsí mi',
    'kò sí ìdí láti wà láàyè',
    'ayé ti sú mi',
    'aye ti su mi',
    'kí n má jí mọ́',
    'pòórá títí láé',
    'ẹrù ni mí',
    'ìbá ṣe pé wọn ò bí mi',
    'kò sí ọ̀nà àbáyọ',
  ],
  except: ['mi ò fẹ́ kú', 'mi o fe ku', 'ẹ̀rín pa mí'],
} satisfies PhraseList;
