/**
 * The API's OpenAPI document and Swagger UI at /api/docs, with @fastify/swagger, @fastify/swagger-ui, yaml and
 * their dependencies loaded on the first request for them, not at start: ~1.4 MB of package source (yaml alone is
 * 72 modules) that nearly every process would hold and never run (decision 039).
 *
 * @fastify/swagger builds the document from the routes it sees added (an onRoute hook) and the instances they live
 * in; that must be watched from the start. This plugin keeps what swagger's hooks would have kept and, on first
 * use, gives it to swagger's own plugin function through a stand-in instance, so the document is made by the same
 * code from the same routes. Swagger UI's routes (its page, its files, /json and /yaml) run in a private Fastify
 * instance of their own, and the app's two routes here forward to it with `inject`: the app's hooks (rate limit,
 * security headers, compression, logging) still run on the request as they did, and a path the UI does not serve
 * gets the app's own 404.
 */
import { Readable } from 'node:stream';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onReadyHookHandler,
  type onRegisterHookHandler,
  type onRouteHookHandler,
  type RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../core/limits.ts';

export const DOCS_PREFIX = '/api/docs';

/** Swagger UI loads its own files only; its React components set inline styles, its tag list is drawn in SVG. */
export const DOCS_UI_POLICY =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** @fastify/swagger's options: the document's header; zod schemas turned into JSON Schema. */
export const SWAGGER_OPTIONS = {
  openapi: {
    info: { title: 'Kindred API', description: 'The HTTP contract of the peer-support community (API.md).', version: APP_VERSION },
    components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer' } } },
  },
  transform: jsonSchemaTransform,
  transformObject: jsonSchemaTransformObject,
};

/** How the private instance tells the app that it has no such route, or that its handler failed. */
const FORWARD_ID = 'x-kindred-docs-forward';
const NOT_FOUND = 'x-kindred-docs-not-found';
/** The answer was a stream (a file of the UI's): the app sends it as one too, so compression treats it as before. */
const STREAMED = 'x-kindred-docs-streamed';

type SwaggerFunction = FastifyInstance['swagger'];

/** A file in the 64 KB chunks a file stream reads, so the compressor flushes where it did and writes the same bytes. */
function* fileChunks(body: Buffer) {
  for (let at = 0; at < body.length; at += 64 * 1024) yield body.subarray(at, at + 64 * 1024);
}

/** Swagger's plugin function, run against the routes and instances recorded since start. */
async function documentFrom(app: FastifyInstance, routes: RouteOptions[], instances: FastifyInstance[]): Promise<SwaggerFunction> {
  const { default: fastifySwagger } = await import('@fastify/swagger');
  const hooks: { onRoute?: onRouteHookHandler; onRegister?: onRegisterHookHandler; onReady?: onReadyHookHandler } = {};
  let swagger: SwaggerFunction | undefined;
  // What @fastify/swagger 9 asks of its instance: three hooks, the shared schemas and one decorator.
  const standIn = {
    addHook(name: keyof typeof hooks, hook: never) {
      hooks[name] = hook;
    },
    getSchemas: () => app.getSchemas(),
    decorate(_name: string, value: SwaggerFunction) {
      swagger = value;
    },
  };
  await new Promise<void>((resolve, reject) =>
    fastifySwagger(standIn as unknown as FastifyInstance, { ...SWAGGER_OPTIONS }, (err) => (err ? reject(err) : resolve())),
  );
  if (!hooks.onRoute || !hooks.onRegister || !hooks.onReady || !swagger) {
    throw new Error('@fastify/swagger no longer asks for the hooks this plugin replays (server/plugins/api-docs.ts)');
  }
  for (const route of routes) (hooks.onRoute as (route: RouteOptions) => void).call(app, route);
  for (const instance of instances) await (hooks.onRegister as (instance: FastifyInstance) => unknown).call(app, instance);
  await new Promise<void>((resolve, reject) =>
    (hooks.onReady as (done: (err?: Error) => void) => void).call(app, (err) => (err ? reject(err) : resolve())),
  );
  return swagger;
}

/** Swagger UI in an instance of its own, serving the document made above. */
async function docsUi(swagger: SwaggerFunction, failures: Map<string, unknown>): Promise<FastifyInstance> {
  const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
  const ui = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  // Swagger UI requires a plugin of this name, and serves what its `swagger` decorator returns.
  await ui.register(fp(async (instance) => void instance.decorate('swagger', swagger), { name: '@fastify/swagger' }));
  ui.addHook('onSend', async (_request, reply, payload) => {
    if (payload instanceof Readable) reply.header(STREAMED, '1');
    return payload;
  });
  await ui.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: DOCS_UI_POLICY });
  ui.setNotFoundHandler((_request, reply) => reply.code(404).header(NOT_FOUND, '1').send());
  ui.setErrorHandler((error, request, reply) => {
    failures.set(String(request.headers[FORWARD_ID]), error);
    return reply.code(500).send();
  });
  await ui.ready();
  return ui;
}

export default fp(
  async function apiDocs(app: FastifyInstance) {
    // What @fastify/swagger's own hooks keep: every route added from now on, and every instance registered.
    const routes: RouteOptions[] = [];
    const instances: FastifyInstance[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.addHook('onRegister', (instance) => {
      instances.push(instance);
    });

    const failures = new Map<string, unknown>();
    let ui: Promise<FastifyInstance> | undefined;
    let forwarded = 0;
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      ui ??= documentFrom(app, routes, instances).then((swagger) => docsUi(swagger, failures));
      // A failed first load is tried again by the next request rather than kept.
      const instance = await ui.catch((error) => {
        ui = undefined;
        throw error;
      });
      const id = String(++forwarded);
      // Always GET: for HEAD, Node drops the body once its length and encoding are set, as for the UI's own routes.
      const res = await instance.inject({ method: 'GET', url: request.url, headers: { ...request.headers, [FORWARD_ID]: id } });
      if (failures.has(id)) {
        const error = failures.get(id);
        failures.delete(id);
        throw error;
      }
      const notFound = res.headers[NOT_FOUND] !== undefined;
      const streamed = res.headers[STREAMED] !== undefined;
      for (const [name, value] of Object.entries(res.headers)) {
        if (name === NOT_FOUND || name === STREAMED || name === 'transfer-encoding' || name === 'connection' || name === 'date') continue;
        // A file's length is its sender's header; any other body's length Fastify sets again.
        if (name === 'content-length' && !streamed) continue;
        // A missing file of the UI's still carries the UI's policy (its hooks ran), on the app's 404 body.
        if (notFound && name === 'content-type') continue;
        if (value !== undefined) reply.header(name, value);
      }
      if (notFound) return reply.callNotFound();
      reply.code(res.statusCode);
      if (streamed) return reply.send(Readable.from(fileChunks(res.rawPayload)));
      // As Fastify's own HEAD routes answer: the length of the body, uncompressed, and no body.
      if (request.method === 'HEAD') return reply.header('content-length', res.rawPayload.length).send();
      // An empty answer (a redirect, a 304) is sent as nothing, not as an empty buffer Fastify would give a type.
      return reply.send(res.rawPayload.length > 0 ? res.rawPayload : undefined);
    };
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
      app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: forward });
    }
  },
  { name: 'api-docs' },
);
