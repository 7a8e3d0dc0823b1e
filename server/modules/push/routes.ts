/**
 * Web Push (issue 15): the VAPID public key, a browser's subscription, and quiet hours. The app decorates
 * `fastify.push` so the notification jobs can call `deliverPush` with the same keys and sockets.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushEndpointBodySchema, pushPublicKeySchema, pushSettingsSchema, pushSubscriptionBodySchema } from '../../../core/schemas/push.ts';
import type { Db } from '../../../db/client.ts';
import type { Config } from '../../config.ts';
import { Invalid, type Msg } from '../../errors.ts';
import { errorOf } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { deliverPush, PUSH_TIMEOUT_MS, type PushDeps, type PushPayload, type PushResult } from './deliver.ts';
import { getPushSettings, MAX_PUSH_SUBSCRIPTIONS, putPushSettings, subscribe, unsubscribe } from './service.ts';
import { loadVapid } from './vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: { deps: PushDeps; deliver(userId: number, payload: PushPayload): Promise<PushResult> };
  }
}

export interface PushOptions {
  db: Db;
  config: Config;
  /** Longest wait for one push service (default PUSH_TIMEOUT_MS). */
  timeoutMs?: number;
}

async function pushRoutes(fastify: FastifyInstance, opts: PushOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = opts;
  const vapid = await loadVapid(db, config, fastify.publicOrigin);
  // The tests' push service listens on http://127.0.0.1; nothing else may subscribe a plain-http endpoint.
  const allowLoopback = config.NODE_ENV === 'test';
  const deps: PushDeps = {
    db,
    vapid,
    sockets: fastify.realtime.io,
    timeoutMs: opts.timeoutMs ?? PUSH_TIMEOUT_MS,
    log: fastify.log,
    allowLoopback,
  };
  fastify.decorate('push', { deps, deliver: (userId: number, payload: PushPayload) => deliverPush(deps, userId, payload) });

  const tags = ['push'];
  const auth = { onRequest: app.requireUser, config: { changesGuestView: false } };

  app.get(
    '/api/push/public-key',
    // Not a secret, but only a signed-in person can do anything with it.
    {
      ...auth,
      schema: { tags, summary: "The server's VAPID public key, for PushManager.subscribe", response: { 200: pushPublicKeySchema } },
    },
    async () => ({ public_key: vapid.publicKey }),
  );

  app.post(
    '/api/push-subscriptions',
    {
      ...auth,
      schema: {
        tags,
        summary: `Receive pushes on this browser: its PushSubscription JSON (at most ${MAX_PUSH_SUBSCRIPTIONS} per person; one more lets the oldest go)`,
        body: pushSubscriptionBodySchema,
        response: {
          201: z.object({ endpoint: z.string() }),
          422: errorOf(
            'MALFORMED: an endpoint that is not https (or a host that is an address), keys that are not a P-256 key and a 16-byte secret',
          ),
        },
      },
      // A body of the wrong shape is a malformed subscription too, answered with the same code.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw malformed(request.validationError);
      const saved = await subscribe(db, currentUser(request).id, request.body, allowLoopback);
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/api/push-subscriptions',
    {
      ...auth,
      schema: { tags, summary: 'Stop pushes to this browser (idempotent; only my own subscription)', body: pushEndpointBodySchema },
    },
    async (request, reply) => {
      await unsubscribe(db, currentUser(request).id, request.body.endpoint);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/push-settings',
    { ...auth, schema: { tags, summary: 'My quiet hours', response: { 200: pushSettingsSchema } } },
    async (request) => getPushSettings(db, currentUser(request).id),
  );

  app.put(
    '/api/push-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Set my quiet hours (local time in an IANA zone; `from` later than `to` crosses midnight), or null for none',
        body: pushSettingsSchema,
        response: { 200: pushSettingsSchema },
      },
    },
    async (request) => putPushSettings(db, currentUser(request).id, request.body),
  );
}

/** Fastify's attached validation error, as 422 MALFORMED naming the fields. */
function malformed(error: { validation?: unknown }): Invalid {
  const fields: Record<string, Msg> = {};
  for (const issue of (error.validation ?? []) as { instancePath?: string }[]) {
    const name = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[name] = { key: 'validation.invalid' };
  }
  return new Invalid(Object.keys(fields).length > 0 ? fields : { body: { key: 'validation.invalid' } }, 'MALFORMED');
}

export default fp(pushRoutes, { name: 'push', dependencies: ['realtime'] });
