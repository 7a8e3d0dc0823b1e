/**
 * The API docs load their packages on first use and answer exactly as @fastify/swagger and @fastify/swagger-ui
 * registered at start did: the same app (compression, routes in nested prefixes, zod schemas, a hook that
 * edits route schemas after they are added, as plugins/errors.ts does) is built once each way, and every docs
 * address answers both with the same status, headers and bytes.
 */
import { createRequire } from 'node:module';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import apiDocs, { DOCS_UI_POLICY, SWAGGER_OPTIONS } from './api-docs.ts';

/** server/app.ts's registration before this change. */
async function eagerDocs(app: FastifyInstance) {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
  await app.register(fastifySwagger, SWAGGER_OPTIONS);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_UI_POLICY });
}

async function buildApp(docs: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('content-security-policy', "default-src 'none'");
  });
  await docs(app);
  // Added after the docs, as plugins/errors.ts adds its error responses.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.schema || route.schema.hide) return;
    route.schema.response = { ...(route.schema.response as object), 500: z.object({ code: z.literal('SERVER_ERROR') }) };
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ code: 'ROUTE_NOT_FOUND', path: request.url }));
  await app.register(
    async (api) => {
      api.get(
        '/posts/:post_id',
        {
          schema: {
            tags: ['posts'],
            params: z.object({ post_id: z.coerce.number().int() }),
            querystring: z.object({ page: z.coerce.number().int().optional() }),
            response: { 200: z.object({ id: z.number(), content: z.string() }) },
          },
        },
        async (request) => ({ id: (request.params as { post_id: number }).post_id, content: 'hello' }),
      );
      api.post(
        '/posts',
        { schema: { security: [{ bearer: [] }], body: z.object({ content: z.string().min(1), tags: z.array(z.string()).max(5) }) } },
        async () => ({ ok: true }),
      );
      await api.register(
        async (nested) => {
          nested.get('/health', { schema: { response: { 200: z.object({ at: z.string() }) } } }, async () => ({ at: 'now' }));
        },
        { prefix: '/system' },
      );
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const swaggerLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/@fastify/swagger/'));

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('the API docs', () => {
  it('load @fastify/swagger only when they are first asked for', async () => {
    const app = await buildApp(async (a) => void (await a.register(apiDocs)));
    apps.push(app);
    expect(swaggerLoaded()).toBe(false);
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(['/api/posts/{post_id}', '/api/posts', '/api/system/health']);
    expect(swaggerLoaded()).toBe(true);
  });

  it('answer every docs address as the packages registered at start did', async () => {
    const lazy = await buildApp(async (a) => void (await a.register(apiDocs)));
    const eager = await buildApp(eagerDocs);
    apps.push(lazy, eager);
    const asks: { url: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> }[] = [
      { url: '/api/docs' },
      { url: '/api/docs/' },
      { url: '/api/docs/json' },
      { url: '/api/docs/yaml' },
      { url: '/api/docs/static/index.html' },
      { url: '/api/docs/static/swagger-initializer.js' },
      { url: '/api/docs/static/index.css' },
      { url: '/api/docs/static/swagger-ui-bundle.js' },
      { url: '/api/docs/static/logo.svg' },
      { url: '/api/docs/static/no-such-file.js' },
      { url: '/api/docs/no-such-page' },
      { url: '/api/docs/json', method: 'HEAD' },
      { url: '/api/docs/static/index.css', method: 'HEAD' },
      { url: '/api/docs/static/index.css', headers: { range: 'bytes=10-99' } },
    ];
    // Compressed as before: files (streams) whatever their size, other answers from 1 KB.
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.css', '/api/docs/static/swagger-ui.css']) {
      asks.push({ url, headers: { 'accept-encoding': 'br, gzip' } }, { url, headers: { 'accept-encoding': 'gzip' } });
    }
    for (const url of [
      '/api/docs',
      '/api/docs/json',
      '/api/docs/static/index.html',
      '/api/docs/static/index.css',
      '/api/docs/static/swagger-ui.css',
    ]) {
      asks.push({ url, method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }, { url, method: 'HEAD' });
    }
    for (const ask of asks) {
      const label = `${ask.method ?? 'GET'} ${ask.url} ${JSON.stringify(ask.headers ?? {})}`;
      const [a, b] = await Promise.all([lazy.inject({ method: 'GET', ...ask }), eager.inject({ method: 'GET', ...ask })]);
      expect(a.statusCode, label).toBe(b.statusCode);
      const { date: _a, ...headersA } = a.headers;
      const { date: _b, ...headersB } = b.headers;
      expect(headersA, label).toEqual(headersB);
      expect(a.rawPayload.equals(b.rawPayload), label).toBe(true);
    }
    // A file not modified since it was last fetched: the same 304 both ways.
    const first = await eager.inject({ method: 'GET', url: '/api/docs/static/index.css' });
    const again = { 'if-none-match': String(first.headers.etag) };
    const [a, b] = await Promise.all([
      lazy.inject({ method: 'GET', url: '/api/docs/static/index.css', headers: again }),
      eager.inject({ method: 'GET', url: '/api/docs/static/index.css', headers: again }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([304, 304]);
    expect(a.body).toBe(b.body);
  });
});
