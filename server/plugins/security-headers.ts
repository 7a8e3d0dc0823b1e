/**
 * helmet's security headers on every answer, worked out once. @fastify/helmet runs helmet's whole middleware chain
 * for each request (building every middleware, parsing the policy's directives, then a dozen `setHeader` calls) and
 * adds a second async hook that decorates the reply with per-request closures: ~2 % of the CPU of `GET /api/posts`,
 * for headers that never change with the request here (no per-request nonces: pages and the docs UI set their own
 * policy over this one). helmet itself, as @fastify/helmet loads it, is run once at start-up against a recorder, and
 * each answer gets the recorded headers at the same point of the request (an onRequest hook, on the raw response,
 * where helmet set them), so the answers carry the same headers in the same order.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HelmetOptions } from 'helmet';

// The helmet @fastify/helmet depends on: the same code and version as before, without a dependency of our own.
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as typeof import('helmet').default;

/** The headers helmet sets with these options, in the order it sets them. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.push([name, String(value)]);
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader() {},
  };
  let failed: unknown = null;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

export default fp(
  async function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
      done();
    });
  },
  { name: 'security-headers' },
);
