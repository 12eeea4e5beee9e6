import { z } from "zod";

export const MAX_PAGE_SIZE = 1000;

/** Largest value of a PostgreSQL integer column: ids above it are a 400, never a 500. */
export const MAX_ID = 2_147_483_647;

/** A row id in a query string. */
export const QueryId = z.coerce.number().int().positive().max(MAX_ID);

/** Paging query shared by every list: absurd values are a 400, never a slow query. */
export const PagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(30),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int().min(0), results: z.array(item) });
}
