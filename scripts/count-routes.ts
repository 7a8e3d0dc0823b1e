/**
 * Prints how many routes the web app has (issue 10: one per screen, not one per screen and language), from the
 * route config itself. Run: node scripts/count-routes.ts
 */
import routes, { LAYOUTS } from '../app/routes.ts';

type Entry = { id?: string; children?: Entry[] };
const flat = (list: readonly Entry[]): Entry[] => list.flatMap((r) => [r, ...flat(r.children ?? [])]);

const total = flat(routes).length;
const screens = Object.values(LAYOUTS).flat().length;
const layouts = Object.keys(LAYOUTS).length;
console.log(
  `${total} routes: ${screens} screens (one route each, in every language), the language layout (:lang?), ${layouts} layouts, the * not-found (React Router adds root.tsx above them)`,
);
if (total !== screens + 1 + layouts + 1) {
  console.error('The route config has routes beyond one per screen.');
  process.exit(1);
}
