/** Who is reading: their id (null when signed out), language, and the content languages they chose. */
import type { FastifyRequest } from 'fastify';
import { COOKIE } from '../../core/limits.ts';
import { isLocale } from '../../core/locales.ts';
import { Unauthenticated } from '../errors.ts';

export interface Viewer {
  id: number | null;
  locale: string;
  /** The content languages to show; null means every language (the default). */
  languages: readonly string[] | null;
}

export type SignedInViewer = Viewer & { id: number };

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  return {
    id: user?.id ?? null,
    locale: request.locale,
    languages: user
      ? user.contentLanguages.length > 0
        ? user.contentLanguages
        : null
      : guestLanguages(request.cookies[COOKIE.contentLanguages]),
  };
}

/** A guest's content-language cookie; `all`, nothing or no known code reads as every language. */
export function guestLanguages(cookie: string | undefined): readonly string[] | null {
  // Most guests never chose: nothing to split on each of their requests.
  if (!cookie) return null;
  const codes = [...new Set((cookie ?? '').split(',').filter(isLocale))];
  return codes.length > 0 ? codes : null;
}

/** The viewer of a request that passed requireUser. */
export function signedIn(request: FastifyRequest): SignedInViewer {
  if (!request.user) throw new Unauthenticated();
  return { ...viewerOf(request), id: request.user.id };
}
