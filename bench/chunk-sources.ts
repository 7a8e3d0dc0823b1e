/**
 * What a client chunk is made of: gzip bytes per source package (or per file with `--files`), read from the
 * build's source maps. Each source's minified bytes are gzipped on their own, which overstates them a little
 * (the column "scaled" shares the chunk's real gzip size out in proportion). For finding what to take out of the
 * first-load JavaScript (bench:weight names the chunks); not a budget check.
 *
 *   SOURCEMAP=1 npm run build && node bench/chunk-sources.ts build/client/assets/vendor-*.js [--files]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

const file = process.argv[2];
const byFile = process.argv.includes('--files');
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
const lineStart: number[] = [];
let offset = 0;
for (const line of code.split('\n')) {
  lineStart.push(offset);
  offset += line.length + 1;
}
const segments: { at: number; source: string }[] = [];
eachMapping(map, (m) => {
  segments.push({ at: lineStart[m.generatedLine - 1] + m.generatedColumn, source: m.source ?? '(unmapped)' });
});
segments.sort((a, b) => a.at - b.at);
const bySource = new Map<string, string>();
segments.forEach(({ at, source }, i) => {
  const end = i + 1 < segments.length ? segments[i + 1].at : code.length;
  const pkg = source.includes('node_modules/') ? source.replace(/.*node_modules\//, '') : source.replace(/^(\.\.\/)+/, '');
  const key = byFile ? pkg : pkg.replace(/^(@[^/]+\/[^/]+|[^/]+)\/.*/, '$1');
  bySource.set(key, (bySource.get(key) ?? '') + code.slice(at, end));
});
const total = gzipSync(code, { level: 9 }).length;
const rows = [...bySource].map(([source, text]) => ({ source, raw: text.length, gz: gzipSync(text, { level: 9 }).length }));
const parts = rows.reduce((sum, r) => sum + r.gz, 0);
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
console.log(`${file}: ${kb(total)} KB gzip`);
for (const r of rows.sort((a, b) => b.gz - a.gz).slice(0, 40))
  console.log(`${kb(r.gz)} KB gz alone ${kb((r.gz / parts) * total)} scaled ${kb(r.raw)} KB raw  ${r.source}`);
