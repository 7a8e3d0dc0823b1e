/** What the server hands every loader: an in-process way to call the API and facts about the request. */
import { createContext } from 'react-router';

/** Calls an /api path as the visitor (their cookies and language travel along). */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface ServerContext {
  api: ApiFetch;
  /** The page's language (subdomain, path, cookie, Accept-Language); API calls carry it as X-Locale. */
  locale: string;
  /** The CSRF token for the visitor's auth cookie, or null when signed out. */
  csrfToken: string | null;
  buildId: string;
  /** Set when language subdomains are configured ({code}.{appHost}). */
  appHost: string | null;
  /** Absolute origin for canonical links, e.g. https://example.org. */
  origin: string;
  /** The page's host as the visitor asked for it (a language subdomain names the language). */
  host?: string | null;
  /**
   * True for a client navigation's data request (`*.data`), false for a document. The root sends the catalog
   * only with documents; in the browser, a language switch loads its catalog as a chunk.
   */
  dataRequest?: boolean;
}

export const serverContext = createContext<ServerContext>();
