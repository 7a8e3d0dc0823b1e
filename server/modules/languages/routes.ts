/** The 37 interface languages from core/, and the content languages each user chooses to read. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_CODES, LOCALES } from '../../../core/locales.ts';
import { contentLanguagesSchema, languageListSchema } from '../../../core/schemas/languages.ts';
import type { LanguageInfo } from '../../../core/types.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { getContentLanguages, setContentLanguages, toggleAutoDetect } from './service.ts';

export function languageList(appHost: string | undefined): LanguageInfo[] {
  return LOCALES.map((l) => ({
    code: l.code,
    name: l.name,
    native_name: l.native_name,
    dir: l.dir,
    tag: l.tag,
    domain: appHost ? `${l.code}.${appHost}` : l.code,
  }));
}

export default async function languageRoutes(fastify: FastifyInstance, opts: { appHost?: string; db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = languageList(opts.appHost);
  app.get(
    '/api/get/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'The interface languages',
        response: { 200: languageListSchema },
      },
    },
    async () => ({ data: list }),
  );

  app.get(
    '/api/get/languages/custom',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['languages'],
        summary: 'The content languages you read (empty: all) and whether your texts are language-detected',
        response: { 200: contentLanguagesSchema },
      },
    },
    async (request) => getContentLanguages(opts.db, currentUser(request).id),
  );

  app.post(
    '/api/store/custom/languages',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['languages'],
        summary: 'Choose the content languages of your feeds (an empty list shows all)',
        body: z.object({ languages: z.array(z.enum(LOCALE_CODES as [string, ...string[]])).max(LOCALE_CODES.length) }),
        response: { 200: contentLanguagesSchema, 422: errorSchema },
      },
    },
    async (request) => setContentLanguages(opts.db, currentUser(request).id, request.body.languages),
  );

  app.post(
    '/api/toggle/auto/detect/languages',
    {
      config: { changesGuestView: false },
      onRequest: app.requireUser,
      schema: {
        tags: ['languages'],
        summary: 'Turn language detection of your own texts on or off (off: they are stored in your interface language)',
        response: { 200: contentLanguagesSchema },
      },
    },
    async (request) => toggleAutoDetect(opts.db, currentUser(request).id),
  );
}
