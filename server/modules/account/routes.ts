/** API.md "Sign-in and the user": erasing one's account (POST /api/deactivate) and downloading one's data first. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccountExport, exportSchema } from '../../../core/schemas/account.ts';
import type { Db } from '../../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { type CookieSettings, clearSessionCookies } from '../../lib/cookies.ts';
import { errorOf } from '../../lib/http.ts';
import { checkPassword } from '../../lib/password.ts';
import { currentUser } from '../../plugins/auth.ts';
import { passwordSchema } from '../users/schemas.ts';
import { eraseUser } from './erase.ts';
import { exportData } from './export.ts';

export default async function accountRoutes(fastify: FastifyInstance, opts: { db: Db; cookies: CookieSettings }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tags = ['user'];

  app.post(
    '/api/deactivate',
    {
      // Everything the person wrote leaves every list guests see.
      // A suspended person may still erase their account.
      config: { changesGuestView: true, allowWhileSuspended: true },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Erase the account and everything in it (posts, moods, comments, thoughts, topics, votes, reactions, reports, ' +
          'sessions), in one transaction; counts on other people’s items are corrected and every token is revoked',
        body: z
          .object({
            password: z
              .string()
              .max(passwordSchema.maxLength ?? 200)
              .optional(),
          })
          .optional(),
        response: {
          204: z.null(),
          422: errorOf('VALIDATION: the account has a password and `password` is missing or wrong'),
          429: errorOf('LOGIN_THROTTLED: too many wrong passwords for this account or address, with retry_at; RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const password = request.body?.password;
      if (user.passwordHash) {
        if (!password) throw new Invalid({ password: { key: 'validation.required' } });
        // A wrong password counts as a failed sign-in of the account, so it cannot be guessed here instead.
        const attempt = { account: `user:${user.id}`, ip: request.ip, password, hash: user.passwordHash };
        if (!(await checkPassword(app.counter, attempt))) throw new Invalid({ password: { key: 'validation.current_password' } });
      }
      app.realtime.endSessions(await eraseUser(db, user.id));
      clearSessionCookies(reply, opts.cookies);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/export',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Download my data: a JSON file (attachment) of the account, its settings and everything the person wrote and did. ' +
          'Other people appear only as the ids of public items.',
        response: { 200: exportSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="kindred-data-${day}.json"`);
      // Written a page at a time as the client reads it (Readable.from waits for each piece to be taken). A stream is
      // sent as it is, not serialized: the schema documents what it writes (the tests check the file against it).
      const file = Readable.from(exportData(db, user.id, request.locale));
      return reply.send(file as unknown as AccountExport);
    },
  );
}
