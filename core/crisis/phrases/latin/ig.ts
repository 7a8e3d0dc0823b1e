import type { PhraseList } from '../../detect.ts';

/** Igbo. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'achọrọ m ịnwụ',
    'achoro m inwu',
    'ọ ka mma m nwụọ',
    'ka m nwụọ',
    'igbu onwe m',
    'ịgbu onwe m',
    'aga m egbu onwe m',
    'gbuo onwe m',
    'ikwụsị ndụ m',
    'imerụ onwe m ahụ',
    'ịmerụ onwe m ahụ',
    'achọghị m ịdị ndụ',
    'achoghi m idi ndu',
  ],
  indirect: [
    'enweghị m ike ọzọ',
    'enweghi m ike ozo',
    'ha ga aka mma ma m anọghị',
    'enweghị ihe m ji adị ndụ',
    'ike gwụrụ m ndụ',
    'ndụ agwụla m ike',
    'ka m ghara iteta ọzọ',
    'ifu efu ruo mgbe ebighị ebi',
    'abụ m ibu arọ',
    'a sị na a mụghị m',
    'ụzọ ọpụpụ adịghị',
  ],
  except: ['achọghị m ịnwụ'],
} satisfies PhraseList;
