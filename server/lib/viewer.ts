/** Who is reading: their id (null when signed out), language, and the content languages they chose. */
import type { FastifyRequest } from 'fastify';
import { COOKIE } from '../../core/limits.ts';
import { readerLanguages } from '../../core/locales.ts';
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
    languages: readerLanguages(user?.contentLanguages ?? null, request.cookies[COOKIE.contentLanguages]),
  };
}

/** The viewer of a request that passed requireUser. */
export function signedIn(request: FastifyRequest): SignedInViewer {
  if (!request.user) throw new Unauthenticated();
  return { ...viewerOf(request), id: request.user.id };
}
