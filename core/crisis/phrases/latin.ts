/**
 * Every list with phrases in the Latin script, in one chunk (docs/decisions/079-crisis-lists-of-the-latin-script.md):
 * a text in Latin letters may be in any of these languages (Spanish written on the English pages, Hindi or Urdu in
 * Latin letters), and a short text cannot tell which, so it is checked against all of them, loaded in one request
 * instead of twenty-three. Keep the keys equal to LATIN_SCRIPT_LISTS (core/crisis/scripts.ts; crisis.test.ts checks).
 */

import type { PhraseList } from '../detect.ts';
import az from './latin/az.ts';
import de from './latin/de.ts';
import en from './latin/en.ts';
import es from './latin/es.ts';
import fil from './latin/fil.ts';
import fr from './latin/fr.ts';
import ha from './latin/ha.ts';
import hi from './latin/hi.ts';
import id from './latin/id.ts';
import ig from './latin/ig.ts';
import it from './latin/it.ts';
import ms from './latin/ms.ts';
import nl from './latin/nl.ts';
import om from './latin/om.ts';
import pl from './latin/pl.ts';
import pt from './latin/pt.ts';
import ro from './latin/ro.ts';
import sw from './latin/sw.ts';
import tr from './latin/tr.ts';
import ur from './latin/ur.ts';
import uz from './latin/uz.ts';
import vi from './latin/vi.ts';
import yo from './latin/yo.ts';

export default { az, de, en, es, fil, fr, ha, hi, id, ig, it, ms, nl, om, pl, pt, ro, sw, tr, ur, uz, vi, yo } satisfies Record<
  string,
  PhraseList
>;
