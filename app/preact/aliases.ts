import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React's package names and what they resolve to in the browser's build: Preact's compatibility layer (decision
 * 052). Exact names only, so `react-router` and `react-dom/client` are not caught by `react`. The server keeps React
 * (react-dom/server renders every page; decision 050 measured Preact's server render at +22–29 % CPU per page).
 */
export const browserAliases: Record<string, string> = {
  react: fileURLToPath(new URL('./react.ts', import.meta.url)),
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/**
 * The same for the browser's dependency pre-bundling in development (`environments.client.optimizeDeps`), which
 * does not run Vite's plugins: React Router, pre-bundled, would otherwise import React itself.
 */
export const optimizerPlugin = {
  name: 'kindred:preact-in-browser-deps',
  // biome-ignore lint/suspicious/noExplicitAny: rolldown's plugin context, typed in its own package.
  async resolveId(this: any, source: string, importer: string | undefined, options: object) {
    const target = browserAliases[source];
    if (target === undefined) return null;
    return this.resolve(target, importer, { ...options, skipSelf: true });
  },
};

/**
 * Resolves React's names to Preact in the client environment only: Vite's `resolve.alias` is shared by every
 * environment, and the server build must stay byte for byte what it was (decision 052 checks its hash).
 */
export function preactInBrowser(): Plugin {
  return {
    name: 'kindred:preact-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const target = browserAliases[source];
      if (target === undefined) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
