import { StrictMode, Suspense, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './lib/i18n.ts';
import { loadIntlData } from './lib/intl-data.ts';
import { noteTypedBeforeHydration } from './lib/typed-early.ts';
import { installHydrationHooks, prepareDocument } from './preact/hydrate.ts';

// Hydration renders the server's very text: first the page's catalog, which the head announces and preloads
// (root.tsx), and, for a language the browser cannot format as the server did, its formatting data
// (app/lib/intl-data.ts; for every other language this resolves at once).
const catalog = document.querySelector<HTMLLinkElement>('link[data-catalog]')?.dataset.catalog;
// This module is React Router's async module script: it may run before the end of the body has been parsed, and
// hydration must find the whole document (prepareDocument moves nodes in it).
const parsed =
  document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
    : null;
Promise.all([
  catalog ? loadMessages(catalog) : null,
  loadIntlData(document.documentElement.lang).catch((err) => console.error('Failed locale loading', document.documentElement.lang, err)),
  parsed,
]).finally(() =>
  startTransition(() => {
    // The server renders with React, the browser with Preact (decision 052): the document is put in the shape
    // Preact's tree has, and Preact learns React's `<html>` root and useId ids (app/preact/hydrate.ts).
    installHydrationHooks();
    noteTypedBeforeHydration();
    prepareDocument();
    hydrateRoot(
      document,
      <StrictMode>
        {/* React waits for a suspended root; Preact needs a boundary (decision 047). */}
        <Suspense>
          <HydratedRouter />
        </Suspense>
      </StrictMode>,
    );
  }),
);
