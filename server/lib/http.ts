/**
 * The pieces of API.md's conventions that every module's routes share: ids in paths and bodies, paged lists,
 * text measured in graphemes, the error body with its stable code, and the origin of the page a visitor reads.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../core/limits.ts';
import type { Paged } from '../../core/types.ts';

// The contract's shapes (core/schemas) that routes use beside the pieces below, so routes import them from here.
export { messageSchema } from '../../core/schemas/envelopes.ts';

import { errorSchema } from '../../core/schemas/errors.ts';

export { errorSchema };

/** Adds request headers to the answer's `Vary`, keeping those already named (compression adds Accept-Encoding later). */
export function varyOn(reply: FastifyReply, fields: readonly string[]) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const named = new Set(current.map((f) => f.toLowerCase()));
  const before = current.length;
  for (const field of fields) {
    if (named.has(field.toLowerCase())) continue;
    named.add(field.toLowerCase());
    current.push(field);
  }
  if (current.length > before) reply.header('vary', current.join(', '));
}

/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;
export const idField = z.number().int().positive().max(MAX_ID);
/** An id in a path or a query string. */
export const idString = z.coerce.number().int().positive().max(MAX_ID);
export const idParam = z.object({ id: idString });

/** check-*-url: the page's id, given as `id` or as the slug (posts and thoughts use their id as slug); null when it cannot be an id. */
export function idFromSlug(query: { id?: number; slug?: string }): number | null {
  if (query.id !== undefined) return query.id;
  const parsed = idString.safeParse(query.slug);
  return parsed.success ? parsed.data : null;
}

/**
 * Every string a request carries starts here. PostgreSQL cannot store U+0000 in text (a NUL reaching a query was
 * a 500), and no one types it, so it is refused before anything else looks at the value.
 */
export function userString() {
  return z.string().refine((value) => !value.includes('\u0000'), { message: 'NUL', params: { key: 'validation.invalid' }, abort: true });
}

/**
 * The most UTF-16 code units one user-perceived character may take. The longest emoji (a kissing couple with skin
 * tones, a subdivision flag) take 15, an Indic conjunct about 10; more is stacked combining marks, which NFKC
 * (the duplicate key) reorders in quadratic time: 120,000 alternating marks, one "character", took 20 s.
 */
const MAX_GRAPHEME_UNITS = 32;

/** Grapheme count, stopping once past `max`; -1 when a grapheme is longer than MAX_GRAPHEME_UNITS. */
function measure(value: string, max: number): number {
  // Too long however it is segmented: a body near the size limit is refused without reading it.
  if (value.length > (max + 1) * MAX_GRAPHEME_UNITS) return max + 1;
  let n = 0;
  for (const { segment } of graphemes.segment(value)) {
    if (segment.length > MAX_GRAPHEME_UNITS) return -1;
    if (++n > max) break;
  }
  return n;
}
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Trimmed text measured in user-perceived characters, with messages that name the limit. */
export function text(min: number, max: number) {
  return userString()
    .trim()
    .superRefine((value, ctx) => {
      const n = measure(value, max);
      if (n === -1) ctx.addIssue({ code: 'custom', message: 'overlong character', params: { key: 'validation.invalid' } });
      else if (n === 0 && min > 0) ctx.addIssue({ code: 'custom', message: 'required', params: { key: 'validation.required' } });
      else if (n < min) ctx.addIssue({ code: 'custom', message: 'too short', params: { key: 'validation.too_short', values: { min } } });
      else if (n > max) ctx.addIssue({ code: 'custom', message: 'too long', params: { key: 'validation.too_long', values: { max } } });
    });
}

/** API.md paged lists: ?page (1-based), ?per_page (default 10, max 50), with meta and links. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T>(data: T[], total: number, q: PageQuery, path: string, extra: Record<string, string> = {}): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / q.per_page));
  const link = (page: number) => {
    const params = new URLSearchParams({ ...extra, page: String(page) });
    if (q.per_page !== PAGE_SIZE) params.set('per_page', String(q.per_page));
    return `${path}?${params}`;
  };
  return {
    data,
    meta: { current_page: q.page, last_page: lastPage, per_page: q.per_page, total },
    links: { next: q.page < lastPage ? link(q.page + 1) : null, prev: q.page > 1 ? link(Math.min(q.page - 1, lastPage)) : null },
  };
}

export const offset = (q: PageQuery) => (q.page - 1) * q.per_page;

/**
 * A route's 200 answers written with `JSON.stringify` alone, for a hot route whose handler builds every field of
 * its answer by hand from typed rows (the posts feed: toPost). The schema-checked serialisation (the zod type
 * provider's: a full `encode` of the answer, then `JSON.stringify`) gives the same bytes for such an answer, as the
 * route's test holds over varied pages, and cost ~5 % of the feed's CPU. Its other answers (errors, whose extra
 * fields the schema orders) keep the checked one; the schema still documents the route.
 */
export function plainJsonOk<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  return route.httpStatus === '200'
    ? (data) => JSON.stringify(data)
    : serializerCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

/** Origin of the page a visitor reads, for absolute URLs in JSON-LD: the configured one, whatever the request's headers say. */
export function originOf(request: FastifyRequest): string {
  return request.server.publicOrigin;
}

/** The error body of one response, described by the codes it carries and when: `errorOf('DUPLICATE: …')`. */
export const errorOf = (description: string) => errorSchema.describe(description);

/**
 * Documents the error answers a route can give, by status, in its OpenAPI schema. A plain `errorSchema` the route
 * declared gets the description too; an `errorOf(…)` it declared is kept. Plugins call it for every route.
 */
export function documentErrors(route: RouteOptions, errors: Partial<Record<number, string>>) {
  const response: Record<string, unknown> = { ...(route.schema?.response as Record<string, unknown> | undefined) };
  for (const [status, description] of Object.entries(errors)) {
    if (description && (response[status] === undefined || response[status] === errorSchema)) response[status] = described(description);
  }
  route.schema = { ...route.schema, response };
}

// The same few descriptions recur on every route: one schema each.
const describedErrors = new Map<string, z.ZodType>();
function described(description: string): z.ZodType {
  const known = describedErrors.get(description);
  if (known) return known;
  const schema = errorOf(description);
  describedErrors.set(description, schema);
  return schema;
}
