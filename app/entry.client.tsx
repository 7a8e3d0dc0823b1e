import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadIntlData } from './lib/intl-data.ts';

// A language the browser cannot format as the server did gets its formatting data first, so hydration renders
// the server's very text (app/lib/intl-data.ts). For every other language this resolves at once.
loadIntlData(document.documentElement.lang)
  .catch((err) => console.error('Failed locale loading', document.documentElement.lang, err))
  .finally(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
