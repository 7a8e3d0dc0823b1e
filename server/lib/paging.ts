/** API.md paged lists: ?page (1-based), ?per_page (default 10, max 50), with meta and links. */
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../core/limits.ts';
import type { Paged } from '../../core/types.ts';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() }),
    links: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
  });
}

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
