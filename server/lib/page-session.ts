/**
 * The session a page request was authenticated with, for the in-process API calls its loaders make
 * (plugins/web.ts): they carry the page's own cookie, so the auth plugin takes the user the page request already
 * read instead of reading the token again (a query per call). Only calls made while the page renders see it: a
 * request from the network never runs inside a page's async context. A write made through the page (a form
 * action) ends the reuse, since it may change the user or end the session; the calls after it read the token again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserRow } from '../modules/users/service.ts';

export interface PageSession {
  /** The cookie's token, and the user it named when the page request was authenticated. */
  kept: { token: string; user: UserRow } | null;
}

export const pageSession = new AsyncLocalStorage<PageSession>();

/** The page's user for a call made with this cookie token while the page renders, or null. */
export function pageUserFor(token: string): UserRow | null {
  const kept = pageSession.getStore()?.kept;
  return kept && kept.token === token ? kept.user : null;
}
