/**
 * After `react-router build`: fails when zod, the ICU message parser or react-intl reached the browser bundle, or
 * when the API client's methods are in a chunk of their own no more.
 *
 * - The app may use the API schemas of core/schemas only as types (core/types.ts, app/lib/api/); a value import
 *   anywhere on the client side, even through another module, would ship zod to every page. zod's code reads
 *   `._zod` on every schema, and minifiers keep property names, so the string marks it.
 * - The browser formats compiled catalogs only (decision 026) with app/lib/intl.tsx (decision 032), which takes
 *   only the parser's types. A value import of `@formatjs/icu-messageformat-parser` anywhere on the client side
 *   would bring back ~10 KB gzip; its error kinds are string constants, kept by minifiers, that only the parser
 *   holds. react-intl, @formatjs/intl or intl-messageformat imported again would add ~9 KB gzip (and the parser
 *   with them); each holds an error text no other code does.
 * - The browser's API client loads with its first call (app/lib/browser-api.ts, decision 038): a static import of
 *   app/lib/api/create.ts on the client side would put its ~2.5 KB gzip back in the first load. Its paths are
 *   strings only it holds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../build/client/assets', import.meta.url).pathname;
const scripts = readdirSync(dir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, code: readFileSync(join(dir, name), 'utf8') }));
const holding = (marker: string) => scripts.filter((s) => s.code.includes(marker)).map((s) => s.name);

const zod = holding('._zod');
if (zod.length > 0) {
  console.error(`zod is in the client bundle (${zod.join(', ')}): import core/schemas with \`import type\` in app/.`);
  process.exit(1);
}
const formatjs = ['FormattedDateTimeRange', 'Error formatting the default message', '__parse must be set'].flatMap(holding);
if (formatjs.length > 0) {
  console.error(
    `react-intl or the FormatJS runtime is in the client bundle (${[...new Set(formatjs)].join(', ')}): import app/lib/intl.tsx.`,
  );
  process.exit(1);
}
const parser = holding('EXPECT_ARGUMENT_CLOSING_BRACE');
if (parser.length > 0) {
  console.error(
    `the ICU message parser is in the client bundle (${parser.join(', ')}): the browser formats compiled ASTs (app/lib/intl.tsx), import the parser's types only.`,
  );
  process.exit(1);
}
const api = holding('/api/report-types');
if (api.length !== 1 || !api[0].startsWith('create-')) {
  console.error(
    `the API client is not a chunk of its own (${api.join(', ') || 'not found'}): import app/lib/api/create.ts only through app/lib/browser-api.ts.`,
  );
  process.exit(1);
}
console.log('client bundle: no zod, no ICU message parser, no react-intl; the API client loads with its first call');
