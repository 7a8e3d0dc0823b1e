import type { PhraseList } from '../../detect.ts';

/** Romanian. Data for detection only, never shown to anyone (safe-messaging practice). */
export default {
  explicit: [
    'vreau sa mor',
    'as vrea sa mor',
    'sa ma omor',
    'ma omor',
    'sa ma sinucid',
    'sinucidere',
    'sinucigas',
    'imi iau viata',
    'sa-mi iau viata',
    'sa imi iau viata',
    'sa-mi fac rau',
    'sa imi fac rau',
    'ma tai',
    'automutilare',
    'nu mai vreau sa traiesc',
    'as vrea sa fiu mort',
    'as vrea sa fiu moarta',
  ],
  indirect: [
    'nu mai pot continua',
    'nu mai pot',
    'mai bine fara mine',
    'niciun motiv sa traiesc',
    'nu am pentru ce trai',
    'obosit de viata',
    'obosita de viata',
    'sa nu ma mai trezesc',
    'sa dispar pentru totdeauna',
    'sunt o povara',
    'nu exista iesire',
    'nimeni nu mi-ar simti lipsa',
  ],
  except: ['nu vreau sa mor', 'mor de ras', 'prevenirea sinuciderii'],
} satisfies PhraseList;
