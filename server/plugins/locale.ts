/** Decides the language of each request: subdomain, X-Locale, locale cookie, then Accept-Language. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE } from '../../core/limits.ts';
import { DEFAULT_LOCALE, decideLocale } from '../../core/locales.ts';
import { type MessageValues, translate } from '../i18n.ts';
import { varyOn } from '../lib/http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: string;
    t(key: string, values?: MessageValues): string;
  }
}

export default fp(
  async function locale(app: FastifyInstance, opts: { appHost?: string }) {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('t', function (this: { locale: string }, key: string, values?: MessageValues) {
      return translate(this.locale, key, values);
    });
    // Callback style: nothing here waits, so no promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers['x-locale'];
      const subdomain = request.headers['x-subdomain'];
      const decided = decideLocale({
        host: typeof subdomain === 'string' && opts.appHost ? `${subdomain}.${opts.appHost}` : request.headers.host,
        appHost: opts.appHost,
        explicit: typeof header === 'string' ? header : null,
        cookie: request.cookies[COOKIE.locale],
        acceptLanguage: request.headers['accept-language'],
      });
      request.locale = decided.locale;
      // API answers carry translated messages: a shared cache keys them on what chose the language, and on the
      // cookies, which name the reader and a guest's content languages. Pages say their own, as their language comes
      // from the path, not from X-Locale (plugins/web.ts).
      if (request.url.startsWith('/api/')) varyOn(reply, [...(opts.appHost ? ['X-Subdomain'] : []), ...decided.vary, 'Cookie']);
      done();
    });
  },
  { name: 'locale', dependencies: ['@fastify/cookie'] },
);
