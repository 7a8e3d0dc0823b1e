/** API.md "Sign-in and the user": the signed-in user's account, avatars, nickname suggestions, ranks. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { THEMES } from '../../../core/limits.ts';
import {
  avatarListSchema,
  nicknameSuggestionsSchema,
  notificationSettingsResponseSchema,
  rankLadderSchema,
  userResponseSchema,
  userUpdateResponseSchema,
} from '../../../core/schemas/users.ts';
import type { Db } from '../../../db/client.ts';
import { Forbidden } from '../../errors.ts';
import { type CookieSettings, setLocaleCookie } from '../../lib/cookies.ts';
import { errorOf, userString } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { changePassword } from '../auth/service.ts';
import { emailSchema, localeSchema, nicknameSchema, passwordSchema, usernameSchema } from './schemas.ts';
import {
  listAvatars,
  NOTIFICATION_KINDS,
  rankLadder,
  serializer,
  setPushToken,
  suggestNicknames,
  toggleNotification,
  toUser,
  updateProfileInformation,
  updateUser,
  userAnswer,
} from './service.ts';

export default async function userRoutes(fastify: FastifyInstance, opts: { db: Db; cookies: CookieSettings }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const auth = { onRequest: app.requireUser };
  const tags = ['user'];

  app.get(
    '/api/get/data/user',
    { ...auth, schema: { tags, summary: 'The signed-in user', response: { 200: userResponseSchema } } },
    async (request) => ({ data: await userAnswer(db, currentUser(request), request.locale) }),
  );

  app.post(
    '/api/user',
    {
      config: { changesGuestView: false },
      ...auth,
      schema: {
        tags,
        summary: 'Store the push-notification token',
        description:
          "Kept for API.md's clients: stores a native app's Firebase Cloud Messaging token (null or empty clears it). " +
          'Nothing is sent to it yet; browsers receive pushes through standard Web Push instead (POST /api/push-subscriptions).',
        body: z.object({ fcm_token: userString().trim().max(4096).nullable() }),
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await setPushToken(db, currentUser(request).id, request.body.fcm_token || null);
      return { data: toUser(user, await serializer(db, request.locale)) };
    },
  );

  for (const kind of NOTIFICATION_KINDS) {
    app.post(
      `/api/disable-${kind}-notification`,
      {
        config: { changesGuestView: false },
        ...auth,
        schema: {
          tags,
          summary: `Switch the ${kind} notifications off or back on`,
          response: { 200: notificationSettingsResponseSchema },
        },
      },
      async (request) => {
        const user = await toggleNotification(db, currentUser(request).id, kind);
        return { notification_settings: toUser(user, await serializer(db, request.locale)).notification_settings };
      },
    );
  }

  app.put(
    '/api/user/profile-information',
    {
      config: { changesGuestView: false },
      ...auth,
      schema: {
        tags,
        summary: 'Change username or email',
        body: z.object({ email: z.union([emailSchema, z.literal(''), z.null()]).optional(), username: usernameSchema.optional() }),
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await db.transaction((tx) => updateProfileInformation(tx, currentUser(request).id, request.body));
      return { data: toUser(user, await serializer(db, request.locale)) };
    },
  );

  app.put(
    '/api/user/password',
    {
      config: { changesGuestView: false },
      ...auth,
      schema: {
        tags,
        summary: 'Set or change the password; every other session of the account is signed out',
        body: z.object({
          current_password: z.string().max(200).optional(),
          password: passwordSchema,
          password_confirmation: z.string().max(200),
        }),
        response: {
          204: z.null(),
          429: errorOf('LOGIN_THROTTLED: too many wrong passwords for this account or address, with retry_at; RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const session = { user: currentUser(request), token: request.authToken as string, ip: request.ip };
      app.realtime.endSessions(await changePassword(db, app.counter, session, request.body));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/users/:user_id',
    {
      config: { changesGuestView: true },
      ...auth,
      schema: {
        tags,
        summary: 'Update own avatar, nickname, language, theme or whether to appear among the top supporters',
        params: z.object({ user_id: z.coerce.number().int().positive() }),
        body: z.object({
          avatar_id: z.number().int().positive().optional(),
          nickname_id: z.number().int().positive().optional(),
          nickname: nicknameSchema.optional(),
          locale: localeSchema.optional(),
          theme: z.enum(THEMES).optional(),
          show_in_top_supporters: z.boolean().optional().describe('Appear in the top-supporters ranking (default true)'),
        }),
        response: { 200: userUpdateResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (request.params.user_id !== me.id) throw new Forbidden();
      const user = await db.transaction((tx) => updateUser(tx, me.id, request.body));
      if (request.body.locale) setLocaleCookie(request, reply, opts.cookies, request.body.locale);
      return { user: toUser(user, await serializer(db, request.locale)) };
    },
  );

  app.get(
    '/api/get-avatars',
    {
      schema: {
        tags,
        summary: 'Avatars to choose from',
        response: { 200: avatarListSchema },
      },
    },
    async () => ({ data: await listAvatars(db) }),
  );

  app.get(
    '/api/nicknames',
    {
      schema: {
        tags,
        summary: "Fresh nickname suggestions in the request's language",
        response: { 200: nicknameSuggestionsSchema },
      },
    },
    async (request) => ({ data: await suggestNicknames(db, request.locale) }),
  );

  app.get(
    '/api/get/user/rank',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The rank ladder and where the user stands',
        response: { 200: rankLadderSchema },
      },
    },
    async (request) => ({ user_rank: await rankLadder(db, currentUser(request).points, request.locale) }),
  );
}
