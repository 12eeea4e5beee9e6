import { z } from "zod";

export const MAX_PAGE_SIZE = 1000;

/** The id helpers live in fields.ts with the other input limits (kept importable from here). */
export { MAX_ID, QueryId } from "./fields";

/** Paging query shared by every list: absurd values are a 400, never a slow query. */
export const PagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(30),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

/** Link to a neighbouring page of the same list (same filters), or null at either end. */
const PageLink = z.string().nullable().default(null);

/**
 * A page of a list in Django REST framework's shape, as the replaced system answered:
 * count over every page, next/previous as root-relative URLs of the same list with the page
 * one up or down (null at the ends), and this page's results. next/previous default to null
 * when parsing, so an answer without them (an older server, a test double) still parses.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().min(0),
    next: PageLink,
    previous: PageLink,
    results: z.array(item),
  });
}
