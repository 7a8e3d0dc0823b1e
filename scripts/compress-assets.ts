/** After `react-router build`: writes .br and .gz beside each client asset so they are served pre-compressed. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../build/client/assets', import.meta.url).pathname;
let files = 0;
let raw = 0;
let br = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const path = join(dir, name);
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  files++;
  raw += statSync(path).size;
  br += brotli.length;
}
console.log(`compressed ${files} assets: ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB brotli`);
