import type { PhraseList } from '../../detect.ts';

/** Azerbaijani. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'ölmək istəyirəm',
    'ölmek isteyirem',
    'özümü öldürmək',
    'özümü öldürəcəyəm',
    'intihar',
    'həyatıma son vermək',
    'canıma qıymaq',
    'özümə zərər vermək',
    'özümü kəsirəm',
    'yaşamaq istəmirəm',
    'kaş öləydim',
  ],
  indirect: [
    'daha dözə bilmirəm',
    'davam edə bilmirəm',
    'mənsiz daha yaxşı',
    'yaşamaq üçün səbəb yoxdur',
    'yaşamaqdan yoruldum',
    'bir daha oyanmamaq',
    'həmişəlik yox olmaq',
    'hamıya yükəm',
    'kaş heç doğulmayaydım',
    'çıxış yolu yoxdur',
  ],
  except: ['ölmək istəmirəm', 'gülməkdən öldüm'],
} satisfies PhraseList;
