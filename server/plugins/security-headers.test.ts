import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders from './security-headers.ts';

/** Every header of one answer, as sent: names and values in order. */
async function answer(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/json', async () => ({ ok: true }));
  // A route that sets its own policy over the common one, as pages and the docs UI do.
  app.get('/page', async (_request, reply) => reply.header('content-security-policy', "default-src 'self'").type('text/html').send('<p>'));
  const res = await Promise.all(['/json', '/page', '/missing'].map((url) => app.inject({ method: 'GET', url })));
  await app.close();
  return res.map((r) => ({ status: r.statusCode, headers: Object.entries(r.headers).filter(([name]) => name !== 'date') }));
}

describe('security headers', () => {
  it('are the headers @fastify/helmet sets, in its order, on answers, pages with their own policy and 404s', async () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
    };
    const mine = await answer((app) => app.register(securityHeaders, options));
    const theirs = await answer((app) => app.register(fastifyHelmet, { ...options, global: true }));
    expect(mine).toEqual(theirs);
    const [json] = mine;
    expect(Object.fromEntries(json.headers)).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(Object.fromEntries(json.headers)).not.toHaveProperty('cross-origin-embedder-policy');
  });
});
