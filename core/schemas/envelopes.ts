/**
 * The envelopes API.md wraps objects in: `{data}`, lists, paged lists (?page, ?per_page with meta and links),
 * and the small bodies several endpoints share. The server's route schemas and the web app's types both
 * come from here (server/lib/http.ts re-exports pagedSchema beside pageQuery and paged for the routes).
 */
import { z } from 'zod';

/** `{ data: item }`: one object. */
export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** `{ data: [item] }`: a short unpaged list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export const pageMetaSchema = z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() });
export const pageLinksSchema = z.object({ next: z.string().nullable(), prev: z.string().nullable() });

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema, links: pageLinksSchema });
}

export const messageSchema = z.object({ message: z.string() });
/** A title and a sentence the app shows as a toast (deleting a post, reporting). */
export const noticeSchema = z.object({ message: z.string(), description: z.string() });
/** The check-*-url endpoints the pages ask before they render. */
export const existsSchema = z.object({ exists: z.boolean() });
/** schema.org JSON-LD; its other fields depend on the page. */
export const jsonLdSchema = z.looseObject({ '@context': z.string(), '@type': z.string() });
