/** Decides the language of each request: subdomain, X-Locale, locale cookie, then Accept-Language. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE } from '../../core/limits.ts';
import { DEFAULT_LOCALE, pickLocale } from '../../core/locales.ts';
import { type MessageValues, translate } from '../i18n.ts';

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
    app.addHook('onRequest', async (request) => {
      const header = request.headers['x-locale'];
      const subdomain = request.headers['x-subdomain'];
      request.locale = pickLocale({
        host: typeof subdomain === 'string' && opts.appHost ? `${subdomain}.${opts.appHost}` : request.headers.host,
        appHost: opts.appHost,
        explicit: typeof header === 'string' ? header : null,
        cookie: request.cookies[COOKIE.locale],
        acceptLanguage: request.headers['accept-language'],
      });
    });
  },
  { name: 'locale', dependencies: ['@fastify/cookie'] },
);
