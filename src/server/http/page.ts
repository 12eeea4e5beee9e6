import type { FastifyInstance } from "fastify";
import { errors } from "../errors";

/** The page a list route answers, in Django REST framework's shape (shared/contract/paging). */
export interface Page<Row> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
}

/**
 * The URL the request came in on with `page` set to `page` (root-relative, every other
 * parameter kept as sent, repeated ones too). Page 1 drops the parameter, as DRF does.
 */
export function withPage(url: string, page: number): string {
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const params = new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1));
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Page `page` of `count` rows, `pageSize` a page, with links to its neighbours. A page past
 * the end is a 404 "Invalid page." as DRF answers it (page 1 of an empty list is not).
 */
export function pageOf<Row>(
  url: string,
  paging: { page: number; pageSize: number },
  count: number,
  results: Row[],
): Page<Row> {
  const { page, pageSize } = paging;
  if (page > lastPage(count, pageSize)) throw errors.notFound("Invalid page.");
  return {
    count,
    next: page * pageSize < count ? withPage(url, page + 1) : null,
    previous: page > 1 ? withPage(url, Math.min(page - 1, lastPage(count, pageSize))) : null,
    results,
  };
}

/** A list answered whole (lookups): no neighbours. */
export function wholeList<Row>(results: Row[], count = results.length): Page<Row> {
  return { count, next: null, previous: null, results };
}

function lastPage(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The rows of page `page` (1-based) of `page_size` rows: what a repository's list query takes. */
export function rowWindow(query: { page: number; page_size: number }): {
  limit: number;
  offset: number;
} {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * DRF answers `next` and `previous` as absolute URLs, so old integrations follow them as they
 * are: every list answer's root-relative links get the scheme and host the request came in on
 * (X-Forwarded-Proto and X-Forwarded-Host count only from a trusted proxy: TRUST_PROXY).
 */
export function registerAbsolutePageLinks(app: FastifyInstance): void {
  app.addHook("preSerialization", async (request, _reply, payload: unknown) => {
    if (!isPage(payload)) return payload;
    const origin = `${request.protocol}://${request.host}`;
    const absolute = (link: string | null) => (link?.startsWith("/") ? origin + link : link);
    return { ...payload, next: absolute(payload.next), previous: absolute(payload.previous) };
  });
}

function isPage(payload: unknown): payload is Page<unknown> {
  if (typeof payload !== "object" || payload === null) return false;
  const page = payload as Partial<Page<unknown>>;
  return typeof page.count === "number" && Array.isArray(page.results) && "next" in page;
}
