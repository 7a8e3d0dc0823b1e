import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { catalogs, parserFreeClient } from './scripts/catalogs.ts';

/** The libraries every page runs before it is interactive (decision 026): one chunk, cached across deploys of the app. */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-intl|intl-messageformat|@formatjs[\\/](intl|fast-memoize|icu-messageformat-parser))[\\/]/;
/**
 * The frame every screen renders in (root, the language segment, the home layout of the feed and its siblings)
 * with everything they import statically: one chunk instead of some twenty small ones, each compressed on its own.
 */
const SHELL = /[\\/]app[\\/](root\.tsx|layouts[\\/](language|home|LayoutError)\.tsx)/;

export default defineConfig({
  plugins: [catalogs(), parserFreeClient(), tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
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
