import type { z } from "zod";

/** The search key every paged list uses for its 1-based page. */
export const PAGE_PARAM = "page";

export type SearchRecord = Record<string, unknown>;

/**
 * Search params as the URL keeps them (spec section 2): falsy values (undefined, null, "",
 * 0, false, NaN) are dropped, strings are trimmed, and page 1 is left implicit.
 */
export function cleanSearch<T extends SearchRecord>(values: T): Partial<T> {
  const clean: SearchRecord = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (!value) continue;
    if (key === PAGE_PARAM && value === 1) continue;
    clean[key] = value;
  }
  return clean as Partial<T>;
}

/** Parses what the URL holds; a value the schema refuses is dropped, not thrown. */
export function parseSearch<S extends z.ZodType<SearchRecord>>(
  schema: S,
  raw: unknown,
): z.output<S> {
  const input: SearchRecord = raw && typeof raw === "object" ? { ...(raw as SearchRecord) } : {};
  const whole = schema.safeParse(input);
  if (whole.success) return whole.data;
  // Drop the offending keys one by one rather than losing every filter.
  for (const issue of whole.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string") delete input[key];
  }
  const rest = schema.safeParse(input);
  return rest.success ? rest.data : (schema.parse({}) as z.output<S>);
}

/** The page from the URL: a positive integer, 1 otherwise. */
export function pageOf(search: SearchRecord): number {
  const page = Number(search[PAGE_PARAM]);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
