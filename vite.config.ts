import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { optimizerPlugin, preactInBrowser } from './app/preact/aliases.ts';
import { catalogs } from './scripts/catalogs.ts';

/**
 * The libraries every page runs before it is interactive (decision 026): one chunk, cached across deploys of the
 * app. In the browser React is Preact (decision 052), with app/preact's shim. Messages are formatted by app/lib/intl.tsx (decision 032), not a library.
 */
const VENDOR = /node_modules[\\/](preact|react-router)[\\/]|[\\/]app[\\/]preact[\\/]/;
/**
 * The frame every screen renders in (root, the language segment, the home layout of the feed and its siblings)
 * with everything they import statically: one chunk instead of some twenty small ones, each compressed on its own.
 */
const SHELL = /[\\/]app[\\/](root\.tsx|layouts[\\/](language|home|LayoutError)\.tsx)/;

export default defineConfig({
  plugins: [catalogs(), tailwindcss(), preactInBrowser(), reactRouter()],
  environments: {
    client: {
      optimizeDeps: { rolldownOptions: { plugins: [optimizerPlugin] } },
      build: {
        // For bench/chunk-sources.ts, which reads what each chunk is made of.
        sourcemap: process.env.SOURCEMAP === '1',
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'vendor', test: VENDOR, priority: 2 },
                { name: 'shell', test: SHELL, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
