/**
 * After `react-router build`: fails when zod reached the browser bundle. The app may use the API schemas of
 * core/schemas only as types (core/types.ts, app/lib/api/); a value import anywhere on the client side, even
 * through another module, would ship zod to every page. zod's code reads `._zod` on every schema, and
 * minifiers keep property names, so the string marks it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../build/client/assets', import.meta.url).pathname;
const offenders = readdirSync(dir).filter((name) => name.endsWith('.js') && readFileSync(join(dir, name), 'utf8').includes('._zod'));
if (offenders.length > 0) {
  console.error(`zod is in the client bundle (${offenders.join(', ')}): import core/schemas with \`import type\` in app/.`);
  process.exit(1);
}
console.log('client bundle: no zod');
