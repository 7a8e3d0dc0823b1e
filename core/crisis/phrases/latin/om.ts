import type { PhraseList } from '../../detect.ts';

/** Oromo. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'duuti barbaada',
    'duuti naaf wayya',
    "du'uu barbaada",
    'duuu barbaada',
    'of ajjeesuu',
    'of nan ajjeesa',
    'of ajjeesuu barbaada',
    'lubbuu koo baasuu',
    'jireenya koo xumuruu',
    'of miidhuu',
    'of nan miidha',
    'jiraachuu hin barbaadu',
    'jiraachuu hin fedhu',
  ],
  indirect: [
    "kana caalaa hin danda'u",
    "itti fufuu hin danda'u",
    'ana malee isaaniif wayya',
    'sababni ittiin jiraadhu hin jiru',
    'jireenyatti dadhabeera',
    'lammata hin dammaqu',
    'bara baraan badu',
    "ba'aa qofa",
    'utuu hin dhalatin',
    "karaan ba'umsaa hin jiru",
  ],
  except: ["du'uu hin barbaadu", 'duuti hin barbaadu'],
} satisfies PhraseList;
