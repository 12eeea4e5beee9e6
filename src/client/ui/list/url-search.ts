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

/**
 * The router's search serializer (router.ts): plain values in the URL, `?plate=9999&page=2`
 * rather than TanStack's default JSON (`?plate=%229999%22`). Strings, numbers and booleans are
 * written as text, an array as one key per item (`status=1&status=2`), an object (no list
 * uses one) as JSON. Reading gives text back, an array for a repeated key: the route's zod
 * schema (validateSearch) turns it into numbers, booleans and id lists, so a plate "9999"
 * stays a string while page 2 is a number again.
 */
export function stringifyUrlSearch(search: SearchRecord): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * Reads a query string: text values, an array where a key repeats (see stringifyUrlSearch).
 * Links saved before plain values (`"9999"`, `[1,2]` in JSON) still read the same.
 */
export function parseUrlSearch(searchText: string): SearchRecord {
  const search: Record<string, string | string[]> = {};
  for (const [key, raw] of new URLSearchParams(searchText)) {
    const value = fromOldJson(raw);
    if (Array.isArray(value)) {
      search[key] = value;
      continue;
    }
    const previous = search[key];
    if (previous === undefined) search[key] = value;
    else search[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return search;
}

/** A JSON string or a JSON list of plain values, as the router's default wrote them. */
function fromOldJson(value: string): string | string[] {
  if (!/^(".*"|\[.*\])$/s.test(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "string") return parsed;
    if (
      Array.isArray(parsed) &&
      parsed.every((item) => ["string", "number"].includes(typeof item))
    ) {
      return parsed.map(String);
    }
  } catch {
    // Not JSON after all: the text as typed.
  }
  return value;
}
