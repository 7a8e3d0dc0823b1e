/**
 * First-load weight of the feed page (issue 17: at most 120 KB of gzip JavaScript and 5 KB of gzip inline data;
 * DESIGN.md: 100 KB of JavaScript and 25 KB of CSS, gzip). Starts the built app (`npm run build` first) on a free
 * port with a throwaway database, asks for each page as a first-time visitor does, collects every script,
 * module preload and stylesheet the HTML names, and sums their gzip sizes: the `.gz` files written beside the
 * assets by the build, or a fresh gzip when one is missing. The page's catalog (the module preload marked
 * `data-catalog`, decision 026) is data, counted on its own line; the inline data is what React Router writes
 * into the HTML for hydration (its context and turbo-stream scripts). Exits 1 when a budget is exceeded.
 *
 *   npm run build && npm run bench:weight            # the English and the Arabic feed
 *   BENCH_PATH=/de,/FAQ npm run bench:weight         # other pages
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startBuiltApp } from './built-app.ts';

const root = new URL('..', import.meta.url).pathname;
const clientDir = join(root, 'build/client');
const BUDGETS = { issueJs: 120, issueInline: 5, designJs: 100, designCss: 25 };

/** Every asset URL the document makes the browser load before the page is interactive. */
export function assetUrls(html: string): { js: string[]; css: string[]; catalogs: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const catalogs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script') && attr('src')) js.add(attr('src') as string);
    if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href'))
      (attr('data-catalog') === undefined ? js : catalogs).add(attr('href') as string);
    if (tag.startsWith('<link') && attr('rel') === 'stylesheet' && attr('href')) css.add(attr('href') as string);
  }
  // The inline hydration script imports the route modules by URL; they count too.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) js.add(m[1]);
  return { js: [...js], css: [...css], catalogs: [...catalogs] };
}

/**
 * The data React Router writes into the document for hydration: the `window.__reactRouterContext` script and the
 * turbo-stream chunks it enqueues. Its gzip size is that of those scripts together, as they travel in one response.
 */
export function inlineData(html: string): { scripts: number; raw: number; gz: number } {
  const bodies = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((body) => body.trimStart().startsWith('window.__reactRouterContext'));
  const joined = Buffer.from(bodies.join(''));
  return { scripts: bodies.length, raw: joined.length, gz: gzipSync(joined, { level: 9 }).length };
}

function compressedSize(url: string, kind: 'gz' | 'br'): number {
  const file = join(clientDir, new URL(url, 'http://x').pathname);
  if (existsSync(`${file}.${kind}`)) return readFileSync(`${file}.${kind}`).length;
  if (!existsSync(file)) throw new Error(`${url} is not in build/client: is the build current?`);
  const data = readFileSync(file);
  return kind === 'gz' ? gzipSync(data, { level: 9 }).length : brotliCompressSync(data).length;
}

async function main() {
  const { base, stop } = await startBuiltApp('weight');
  try {
    const paths = (process.env.BENCH_PATH ?? '/,/ar').split(',');
    const kb = (n: number) => (n / 1024).toFixed(1);
    for (const path of paths) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-language': 'en' } });
      const html = await res.text();
      const { js, css, catalogs } = assetUrls(html);
      const rows = [
        ...js.map((u) => ['js', u] as const),
        ...catalogs.map((u) => ['cat', u] as const),
        ...css.map((u) => ['css', u] as const),
      ].map(([kind, url]) => ({ kind, url, gz: compressedSize(url, 'gz'), br: compressedSize(url, 'br') }));
      const total = (kind: string, by: 'gz' | 'br' = 'gz') => rows.filter((r) => r.kind === kind).reduce((a, r) => a + r[by], 0);
      const htmlGz = gzipSync(Buffer.from(html), { level: 9 }).length;
      const inline = inlineData(html);

      console.log(`First load of ${path} (HTTP ${res.status}), gzip sizes:`);
      for (const r of rows.sort((a, b) => b.gz - a.gz)) console.log(`  ${r.kind.padEnd(3)} ${kb(r.gz).padStart(6)} KB  ${r.url}`);
      const jsKb = total('js') / 1024;
      const cssKb = total('css') / 1024;
      const inlineKb = inline.gz / 1024;
      console.log(`  html ${kb(htmlGz).padStart(5)} KB  (the document itself, ${kb(Buffer.byteLength(html))} KB raw)`);
      console.log('');
      console.log(
        `JavaScript: ${jsKb.toFixed(1)} KB gz in ${js.length} files (${kb(total('js', 'br'))} KB as the brotli the server sends)`,
      );
      console.log(`  issue 17 budget ${BUDGETS.issueJs} KB: ${jsKb <= BUDGETS.issueJs ? 'within' : 'OVER'}`);
      console.log(`  DESIGN.md budget ${BUDGETS.designJs} KB: ${jsKb <= BUDGETS.designJs ? 'within' : 'OVER'}`);
      console.log(`Catalog: ${kb(total('cat'))} KB gz in ${catalogs.length} file(s) (${kb(total('cat', 'br'))} KB brotli), a cached asset`);
      console.log(`Inline data: ${kb(inline.raw)} KB raw, ${inlineKb.toFixed(1)} KB gz in ${inline.scripts} scripts`);
      console.log(`  issue 17 budget ${BUDGETS.issueInline} KB gz: ${inlineKb <= BUDGETS.issueInline ? 'within' : 'OVER'}`);
      console.log(`CSS: ${cssKb.toFixed(1)} KB gz in ${css.length} files (${kb(total('css', 'br'))} KB brotli)`);
      console.log(`  DESIGN.md budget ${BUDGETS.designCss} KB: ${cssKb <= BUDGETS.designCss ? 'within' : 'OVER'}`);
      console.log('');
      if (jsKb > BUDGETS.issueJs || inlineKb > BUDGETS.issueInline || cssKb > BUDGETS.designCss) process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

if (import.meta.main) await main();
