/** Maps every failure to API.md's error shape; 5xx details are logged with the request id and never sent. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../core/errors.ts';
import { isDatabaseUnavailable } from '../../db/client.ts';
import { AppError, claimTaken, Invalid, type Msg } from '../errors.ts';
import { translate } from '../i18n.ts';
import { documentErrors } from '../lib/http.ts';

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns a zod issue into a catalog message the user can act on; `given` says whether the request held a value there. */
function issueMessage(issue: ZodIssueLike, given: boolean): Msg {
  const p = issue.params;
  if (issue.keyword === 'too_small') {
    if (p.origin === 'string' && Number(p.minimum) <= 1) return { key: 'validation.required' };
    if (p.origin === 'string') return { key: 'validation.too_short', values: { min: Number(p.minimum) } };
  }
  if (issue.keyword === 'too_big' && p.origin === 'string') {
    return { key: 'validation.too_long', values: { max: Number(p.maximum) } };
  }
  if (issue.keyword === 'too_small' && p.origin === 'array') return { key: 'validation.too_few_items', values: { min: Number(p.minimum) } };
  if (issue.keyword === 'too_big' && p.origin === 'array') return { key: 'validation.too_many_items', values: { max: Number(p.maximum) } };
  if (issue.keyword === 'invalid_type' && !given) return { key: 'validation.required' };
  if (issue.keyword === 'invalid_format' && p.format === 'email') return { key: 'validation.email' };
  if (issue.keyword === 'custom' && typeof p.params === 'object' && p.params && 'key' in p.params) {
    return p.params as unknown as Msg;
  }
  return { key: 'validation.invalid' };
}

/**
 * Whether the request held a value (not null) at the issue's path. Zod does not put the input in its issues, so a
 * value of the wrong type ("1" for a number) would read as missing.
 */
function givenAt(request: FastifyRequest, issue: ZodIssueLike, context: string | undefined): boolean {
  let value: unknown =
    context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : undefined;
  for (const part of issue.instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return false;
    value = (value as Record<string, unknown>)[part];
  }
  return value !== undefined && value !== null;
}

function fieldName(issue: ZodIssueLike, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || (context === 'body' ? 'body' : (context ?? 'input'));
}

/** The code of a 4xx that Fastify or a plugin raised rather than a service. */
function frameworkCode(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  return 'UNSUPPORTED_REQUEST';
}

/**
 * What the log keeps of a fault: each cause's type, database code and constraint, the SQL, and the stack's frames.
 * Not the messages of the database or of Drizzle's wrapper, nor the error's own first stack line: they repeat the
 * query's parameters or the values refused, which may be what a user wrote.
 */
function faultOf(error: Error) {
  const causes = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint, query, severity } = e as { code?: unknown; constraint?: unknown; query?: unknown; severity?: unknown };
    const fromDatabase = typeof query === 'string' || severity !== undefined;
    causes.push({ type: e.constructor.name, ...(fromDatabase ? { code, constraint, query } : { message: e.message }) });
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return { causes, stack: frames.join('\n') };
}

/** Every error body is written here, so none goes out without its code. */
function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return reply.code(status).send({ code, message, ...extra });
}

function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const extra = { ...err.extra };
  if (err instanceof Invalid) {
    extra.errors = Object.fromEntries(
      Object.entries(err.fields).map(([field, msgs]) => [field, msgs.map((m) => translate(request.locale, m.key, m.values))]),
    );
  }
  return send(reply, err.status, err.code, translate(request.locale, err.msg.key, err.msg.values), extra);
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendError(request, reply, error);
      const taken = claimTaken(error);
      if (taken) return sendError(request, reply, taken);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, Msg[]> = {};
        for (const issue of error.validation as unknown as ZodIssueLike[]) {
          const name = fieldName(issue, error.validationContext);
          fields[name] = [...(fields[name] ?? []), issueMessage(issue, givenAt(request, issue, error.validationContext))];
        }
        return sendError(request, reply, new Invalid(fields));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return send(reply, 429, 'RATE_LIMITED', translate(request.locale, 'errors.too_many_requests'));
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        (status === 400 && error instanceof SyntaxError)
      ) {
        return send(reply, 400, 'MALFORMED_JSON', translate(request.locale, 'errors.malformed_json'));
      }
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, status, frameworkCode(status), error.message);
      }
      if (isDatabaseUnavailable(error)) {
        // An outage is not a fault of this request: one short line each, not a stack per request. The driver's own
        // message, innermost: Drizzle's wrapper repeats the query's parameters, which may be what the user wrote.
        let cause: unknown = error;
        while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
        request.log.warn({ reason: (cause as Error).message }, 'database unavailable');
        reply.header('retry-after', '1');
        return send(reply, 503, 'UNAVAILABLE', translate(request.locale, 'errors.unavailable'));
      }
      request.log.error({ fault: faultOf(error), reqId: request.id }, 'request failed');
      return send(reply, 500, 'SERVER_ERROR', 'Server Error');
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || !route.schema) return;
      const { body, querystring, params } = route.schema;
      const declared = (route.schema.response ?? {}) as Record<string, unknown>;
      documentErrors(route, {
        ...(body ? { 400: 'MALFORMED_JSON: the body is not JSON' } : {}),
        ...('403' in declared ? { 403: "FORBIDDEN: someone else's content" } : {}),
        ...('404' in declared ? { 404: 'NOT_FOUND: no item with this id' } : {}),
        ...(body || querystring || params ? { 422: 'VALIDATION: `errors` names each bad field' } : {}),
        ...(route.config?.rateLimit === false ? {} : { 429: 'RATE_LIMITED: too many requests from this address' }),
        500: 'SERVER_ERROR: a fault, logged with the request id',
        503: 'UNAVAILABLE: the database does not answer; Retry-After says when to try again',
      });
    });

    app.setNotFoundHandler((request, reply) =>
      send(reply, 404, 'ROUTE_NOT_FOUND', translate(request.locale, 'errors.route_not_found', { path: request.url })),
    );
  },
  { name: 'errors', dependencies: ['locale'] },
);
