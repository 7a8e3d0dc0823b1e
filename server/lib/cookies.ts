/** The cookies of SPEC.md section 9: authToken and currentUser for 7 days on the parent domain, path /. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_MAX_AGE, COOKIE, LOCALE_COOKIE_MAX_AGE } from '../../core/limits.ts';
import type { User } from '../../core/types.ts';

export interface CookieSettings {
  /** The parent domain (APP_HOST without port) so every language subdomain shares the sign-in. */
  domain?: string;
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, settings: CookieSettings, token: string, user: User) {
  const base = { path: '/', maxAge: AUTH_COOKIE_MAX_AGE, domain: settings.domain, sameSite: 'lax' as const, secure: isHttps(request) };
  reply.setCookie(COOKIE.auth, token, { ...base, httpOnly: true });
  // Readable by the page so it can show who is signed in before anything loads; holds nothing secret.
  reply.setCookie(COOKIE.user, JSON.stringify({ id: user.id, nickname: user.nickname }), base);
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings) {
  for (const name of [COOKIE.auth, COOKIE.user]) reply.clearCookie(name, { path: '/', domain: settings.domain });
}

/** The chosen interface language: 365 days, SameSite lax, shared by the language subdomains. */
export function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, settings: CookieSettings, locale: string) {
  reply.setCookie(COOKIE.locale, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    domain: settings.domain,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}
