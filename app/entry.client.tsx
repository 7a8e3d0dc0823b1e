import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './lib/i18n.ts';
import { loadIntlData } from './lib/intl-data.ts';

// Hydration renders the server's very text: first the page's catalog, which the head announces and preloads
// (root.tsx), and, for a language the browser cannot format as the server did, its formatting data
// (app/lib/intl-data.ts; for every other language this resolves at once).
const catalog = document.querySelector<HTMLLinkElement>('link[data-catalog]')?.dataset.catalog;
Promise.all([
  catalog ? loadMessages(catalog) : null,
  loadIntlData(document.documentElement.lang).catch((err) => console.error('Failed locale loading', document.documentElement.lang, err)),
]).finally(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
