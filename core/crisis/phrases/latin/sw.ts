import type { PhraseList } from '../../detect.ts';

/** Swahili. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'nataka kufa',
    'natamani kufa',
    'bora nife',
    'heri nife',
    'kujiua',
    'nitajiua',
    'nataka kujiua',
    'kujitoa uhai',
    'kujitoa roho',
    'kukatisha maisha yangu',
    'kujidhuru',
    'nitajidhuru',
    'kujikata',
    'sitaki kuishi',
    'sitaki kuishi tena',
  ],
  indirect: [
    'siwezi tena',
    'siwezi kuendelea',
    'wangekuwa bora bila mimi',
    'bora bila mimi',
    'sina sababu ya kuishi',
    'nimechoka na maisha',
    'nimechoka kuishi',
    'nisiamke tena',
    'kupotea milele',
    'mimi ni mzigo',
    'ni mzigo tu',
    'heri nisingezaliwa',
    'hakuna njia ya kutoka',
    'hakuna atakayenikumbuka',
  ],
  except: ['sitaki kufa', 'kufa kwa kicheko', 'kuzuia kujiua'],
} satisfies PhraseList;
