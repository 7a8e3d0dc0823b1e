import type { PhraseList } from '../../detect.ts';

/** Hausa. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'ina son in mutu',
    'ina so in mutu',
    'ina son na mutu',
    'gara in mutu',
    'gwamma in mutu',
    'kashe kaina',
    'zan kashe kaina',
    'kashe kai',
    'kisan kai na kaina',
    'kawo karshen rayuwata',
    'cutar da kaina',
    'zan cutar da kaina',
    'yanke kaina',
    'ba na son rayuwa',
    'bana son rayuwa',
  ],
  indirect: [
    'ba zan iya ci gaba ba',
    'na kasa jurewa',
    'sun fi kyau ba tare da ni ba',
    'babu dalilin rayuwa',
    'rayuwa ta gaji da ni',
    'na gaji da rayuwa',
    'kada in sake farkawa',
    'bace har abada',
    'ni nauyi ne',
    'da ban haifu ba',
    'babu mafita',
  ],
  except: ['ba na son in mutu', 'bana son in mutu'],
} satisfies PhraseList;
