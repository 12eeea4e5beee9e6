import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import type { z } from "zod";
import { cleanSearch, PAGE_PARAM, pageOf, parseSearch, type SearchRecord } from "./url-search";

export type FiltersOf<S extends z.ZodObject> = Omit<z.output<S>, typeof PAGE_PARAM>;

export interface UrlFilters<F> {
  /** The filters as the URL holds them (parsed by the schema; no page). */
  filters: F;
  /** 1-based page from the URL. */
  page: number;
  /** Merges `patch` into the filters and goes back to page 1. */
  setFilters: (patch: Partial<F>) => void;
  /** Replaces all filters (page 1). */
  replaceFilters: (next: Partial<F>) => void;
  setPage: (page: number) => void;
  /** Drops every filter and the page. */
  clear: () => void;
}

/**
 * A list's filters and page kept in the URL query (spec section 2): read with
 * `useSearch({ strict: false })`, written with `useNavigate()`. Falsy values never reach the
 * URL and changing a filter resets the page. `schema` is a zod object of the filters (it may
 * also describe `page`); search keys it does not name are left alone.
 */
export function useUrlFilters<S extends z.ZodObject>(schema: S): UrlFilters<FiltersOf<S>> {
  const search = useSearch({ strict: false }) as SearchRecord;
  const navigate = useNavigate();

  const { filters, page } = useMemo(() => {
    const { [PAGE_PARAM]: _page, ...parsed } = parseSearch(schema, search);
    return { filters: parsed as FiltersOf<S>, page: pageOf(search) };
  }, [schema, search]);

  const write = useCallback(
    (build: (previous: SearchRecord) => SearchRecord) => {
      void navigate({
        to: ".",
        search: ((previous: SearchRecord) => cleanSearch(build(previous ?? {}))) as never,
      });
    },
    [navigate],
  );

  const setFilters = useCallback(
    (patch: Partial<FiltersOf<S>>) =>
      write((previous) => ({ ...previous, ...patch, [PAGE_PARAM]: undefined })),
    [write],
  );

  const filterKeys = useMemo(
    () => Object.keys(schema.shape).filter((key) => key !== PAGE_PARAM),
    [schema],
  );

  const replaceFilters = useCallback(
    (next: Partial<FiltersOf<S>>) =>
      write((previous) => {
        const kept = { ...previous };
        for (const key of filterKeys) delete kept[key];
        return { ...kept, ...next, [PAGE_PARAM]: undefined };
      }),
    [write, filterKeys],
  );

  const setPage = useCallback(
    (next: number) => write((previous) => ({ ...previous, [PAGE_PARAM]: next })),
    [write],
  );

  const clear = useCallback(() => replaceFilters({}), [replaceFilters]);

  return { filters, page, setFilters, replaceFilters, setPage, clear };
}
