/** Maps every failure to API.md's error shape; 5xx details are logged with the request id and never sent. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, Invalid, type Msg } from '../errors.ts';
import { translate } from '../i18n.ts';

interface ZodIssueLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Turns a zod issue into a catalog message the user can act on. */
function issueMessage(issue: ZodIssueLike): Msg {
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
  if (issue.keyword === 'invalid_type' && p.input === undefined) return { key: 'validation.required' };
  if (issue.keyword === 'invalid_format' && p.format === 'email') return { key: 'validation.email' };
  if (issue.keyword === 'custom' && typeof p.params === 'object' && p.params && 'key' in p.params) {
    return p.params as unknown as Msg;
  }
  return { key: 'validation.invalid' };
}

function fieldName(issue: ZodIssueLike, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || (context === 'body' ? 'body' : (context ?? 'input'));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const body: Record<string, unknown> = { message: translate(request.locale, err.msg.key, err.msg.values), ...err.extra };
  if (err instanceof Invalid) {
    body.errors = Object.fromEntries(
      Object.entries(err.fields).map(([field, msgs]) => [field, msgs.map((m) => translate(request.locale, m.key, m.values))]),
    );
  }
  return reply.code(err.status).send(body);
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendError(request, reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, Msg[]> = {};
        for (const issue of error.validation as unknown as ZodIssueLike[]) {
          const name = fieldName(issue, error.validationContext);
          fields[name] = [...(fields[name] ?? []), issueMessage(issue)];
        }
        return sendError(request, reply, new Invalid(fields));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ message: translate(request.locale, 'errors.too_many_requests') });
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        (status === 400 && error instanceof SyntaxError)
      ) {
        return reply.code(400).send({ message: translate(request.locale, 'errors.malformed_json') });
      }
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.code(status).send({ message: error.message });
      }
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(500).send({ message: 'Server Error' });
    });

    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: translate(request.locale, 'errors.route_not_found', { path: request.url }) }),
    );
  },
  { name: 'errors', dependencies: ['locale'] },
);
