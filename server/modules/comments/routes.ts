/** API.md "Comments": comments and replies, editing, deleting and votes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { commentPageSchema, commentResponseSchema, commentVoteResponseSchema, commentVoteSchema } from '../../../core/schemas/comments.ts';
import type { Db } from '../../../db/client.ts';
import { errorSchema, idField, idParam, idString, pageQuery, text } from '../../lib/http.ts';
import { signedIn, viewerOf } from '../../lib/viewer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { writeLimited } from '../writes/schemas.ts';
import { addComment, addReply, deleteComment, listComments, listReplies, updateComment, voteComment } from './service.ts';

const commentContent = text(1, LIMITS.comment);

export default async function commentRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/post-comments',
    {
      config: { guestCache: true },
      schema: {
        tags: ['comments'],
        summary: "A post's top-level comments, oldest first, each with its first 3 replies",
        querystring: pageQuery.extend({ post_id: idString }),
        response: { 200: commentPageSchema, 404: errorSchema },
      },
    },
    async (request) => listComments(db, viewerOf(request), request.query.post_id, request.query),
  );

  app.get(
    '/api/comments/:id/replies',
    {
      config: { guestCache: true },
      schema: {
        tags: ['comments'],
        summary: "A comment's replies, oldest first",
        params: idParam,
        querystring: pageQuery,
        response: { 200: commentPageSchema, 404: errorSchema },
      },
    },
    async (request) => listReplies(db, viewerOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/comments',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a post',
        body: z.object({ post_id: idField, content: commentContent }),
        response: { 201: commentResponseSchema, 404: errorSchema, 422: errorSchema, 429: writeLimited('comment') },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addComment(db, currentUser(request), signedIn(request), request.body.post_id, request.body.content) }),
  );

  app.post(
    '/api/comment-reply',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Reply to a comment (replies are one level deep)',
        body: z.object({ comment_id: idField, content: commentContent }),
        response: { 201: commentResponseSchema, 404: errorSchema, 422: errorSchema, 429: writeLimited('comment') },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addReply(db, currentUser(request), signedIn(request), request.body.comment_id, request.body.content) }),
  );

  app.put(
    '/api/comments/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Edit your own comment',
        params: idParam,
        body: z.object({ content: commentContent }),
        response: { 200: commentResponseSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => ({
      data: await updateComment(db, currentUser(request), signedIn(request), request.params.id, request.body.content),
    }),
  );

  app.delete(
    '/api/comments/:id',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Delete your own comment and its replies',
        params: idParam,
        response: { 204: z.null(), 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteComment(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/comment-vote',
    {
      config: { changesGuestView: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Vote a comment up (1), down (-1) or take the vote back (0)',
        body: z.object({ comment_id: idField, vote: commentVoteSchema }),
        response: { 200: commentVoteResponseSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => voteComment(db, currentUser(request).id, request.body.comment_id, request.body.vote),
  );
}
