/** Tags: one tag, its posts, and the address check the tag page runs before entry. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TAG_MAX } from '../../../core/limits.ts';
import { existsSchema } from '../../../core/schemas/envelopes.ts';
import { postPageSchema } from '../../../core/schemas/posts.ts';
import { tagResponseSchema } from '../../../core/schemas/tags.ts';
import type { Db } from '../../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { errorSchema, idParam, idString, pageQuery, userString } from '../../lib/http.ts';
import { viewerOf } from '../../lib/viewer.ts';
import { listTagPosts } from '../posts/service.ts';
import { getTag, tagExists } from './service.ts';

export default async function tagRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tagExistsOr404 = async (id: number) => {
    if (!(await tagExists(db, { id }))) throw new NotFound();
  };

  app.get(
    '/api/tags/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['tags'],
        summary: 'One tag with its number of posts',
        params: idParam,
        response: { 200: tagResponseSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await getTag(db, viewerOf(request), request.params.id) }),
  );

  app.get(
    '/api/tags/:id/posts',
    {
      config: { guestCache: true },
      schema: {
        tags: ['tags'],
        summary: "A tag's posts, newest first",
        params: idParam,
        querystring: pageQuery,
        response: { 200: postPageSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await tagExistsOr404(request.params.id);
      return listTagPosts(db, viewerOf(request), request.params.id, request.query);
    },
  );

  app.get(
    '/api/check-tag-url',
    {
      schema: {
        tags: ['tags'],
        summary: 'Does this tag page exist? By id, or by name as slug',
        querystring: z.object({
          id: idString.optional(),
          slug: userString()
            .max(TAG_MAX + 1)
            .optional(),
        }),
        response: { 200: existsSchema },
      },
    },
    async (request) => {
      const { id, slug } = request.query;
      if (id === undefined && !slug) return { exists: false };
      return { exists: await tagExists(db, id !== undefined ? { id } : { slug }) };
    },
  );
}
