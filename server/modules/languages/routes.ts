/** GET /api/get/languages: the 37 interface languages from core/. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '../../../core/locales.ts';
import type { LanguageInfo } from '../../../core/types.ts';

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

export default async function languageRoutes(fastify: FastifyInstance, opts: { appHost?: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = languageList(opts.appHost);
  app.get(
    '/api/get/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'The interface languages',
        response: {
          200: z.object({
            data: z.array(
              z.object({
                code: z.string(),
                name: z.string(),
                native_name: z.string(),
                dir: z.enum(['ltr', 'rtl']),
                tag: z.string(),
                domain: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ data: list }),
  );
}
