/**
 * Builds the server `npm start` runs: server/main.ts and our own modules it imports (server/, db/, core/, the
 * app's shared code) in one minified ES module, build/app/main.js (plus a chunk per lazily imported module), and
 * the PGlite worker thread's module (db/pglite/worker.ts) as a second entry, build/app/pglite-worker.js, which
 * db/pglite/client.ts starts when it runs from the build; packages stay imports of node_modules. Node then runs plain JavaScript, so it never loads its TypeScript stripper
 * (~17 MB of resident memory: a WebAssembly build of swc and its source), and holds one minified source instead of
 * ~150 commented ones (decision 033). `npm run dev` and the tests run the sources as they are.
 *
 *   node scripts/build-server.ts        (part of `npm run build`)
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}build/app`;

/**
 * Our modules find their files (locales, migrations, public/) relative to their own URL; in the bundle every
 * module shares the bundle's URL, so each `import.meta.url` becomes its source file's URL, resolved from the
 * bundle's own location so that the checkout can still be moved after building.
 */
const ownUrls: Plugin = {
  name: 'kindred:own-import-meta-url',
  enforce: 'pre',
  transform(code, id) {
    if (id.includes('/node_modules/') || !id.startsWith(root) || !code.includes('import.meta.url')) return null;
    const source = JSON.stringify(relative(outDir, id).split('\\').join('/'));
    return { code: code.replaceAll('import.meta.url', `import.meta.resolve(${source})`), map: null };
  },
};

/** The worker's source path in db/pglite/client.ts becomes the built entry beside the chunk that starts it. */
const WORKER_SOURCE = "new URL('./worker.ts', import.meta.url)";
const builtWorker: Plugin = {
  name: 'kindred:pglite-worker',
  enforce: 'pre',
  transform(code, id) {
    if (id !== `${root}db/pglite/client.ts`) return null;
    if (!code.includes(WORKER_SOURCE)) throw new Error(`db/pglite/client.ts no longer starts its worker with ${WORKER_SOURCE}`);
    // import.meta.dirname is the directory of the built chunk (build/app), which ownUrls below leaves alone.
    return { code: code.replace(WORKER_SOURCE, "import.meta.dirname + '/pglite-worker.js'"), map: null };
  },
};

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  mode: 'production',
  // public/ is served from where it is (server/plugins/web.ts), not copied beside the bundle.
  publicDir: false,
  plugins: [builtWorker, ownUrls],
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    minify: true,
    target: 'node22',
    rollupOptions: {
      input: { main: 'server/main.ts', 'pglite-worker': 'db/pglite/worker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
