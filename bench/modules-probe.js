// Which modules a process loads, by package, with their source size on disk: what each package costs at start
// (decision 039 used it to find swagger, swagger-ui and yaml loaded for a docs page nobody asked for).
//
//   NODE_ENV=production DATABASE_URL=… node --import ./bench/modules-probe.js build/app/main.js
//   MODULES_AFTER=20000 …   # print after 20 s instead of 10 (e.g. after sending some requests)
//
// Prints to stderr once, after MODULES_AFTER ms: per package, the modules loaded and their KB, largest first, then
// the totals. Node's own built-in modules are not counted. Plain JavaScript, as bench/memory-probe.js, so that the
// probe itself loads no TypeScript stripper.
import { statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const loaded = new Map();
registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    if (url.startsWith('file:') && !loaded.has(url)) {
      let size = 0;
      try {
        size = statSync(fileURLToPath(url)).size;
      } catch {}
      loaded.set(url, size);
    }
    return result;
  },
});

/** The package a file belongs to (the last node_modules/<name> or node_modules/@scope/<name> in its path), or "(own)". */
function packageOf(url) {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return '(own)';
  const [first, second] = url.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

setTimeout(
  () => {
    const byPackage = new Map();
    for (const [url, size] of loaded) {
      const name = packageOf(url);
      const entry = byPackage.get(name) ?? { modules: 0, bytes: 0 };
      entry.modules++;
      entry.bytes += size;
      byPackage.set(name, entry);
    }
    const rows = [...byPackage].sort((a, b) => b[1].bytes - a[1].bytes);
    const total = rows.reduce((sum, [, e]) => sum + e.bytes, 0);
    for (const [name, e] of rows) {
      process.stderr.write(`${(e.bytes / 1024).toFixed(0).padStart(6)} KB ${String(e.modules).padStart(4)} modules  ${name}\n`);
    }
    process.stderr.write(`${(total / 1024).toFixed(0).padStart(6)} KB ${String(loaded.size).padStart(4)} modules  in all\n`);
  },
  Number(process.env.MODULES_AFTER ?? 10_000),
).unref();
