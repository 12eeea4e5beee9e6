import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMirrorQuery } from "../lib/data-hooks/use-mirror-query";
import { ApiError, isTransient } from "../lib/errors";
import { listPageKey, readLastSync, readListPage } from "./list-pages";
import { type FeedReport, onListRefresh } from "./list-refresh";
import { refreshIntervalMs, startPolling } from "./live-state";
import type { ListAnswer, LocalPage } from "./page-rules";

/** How one resource's list is fetched, mirrored and read back from the mirror. */
export interface MirroredListSource<Row, F extends object> {
  /** Resource name in page keys and sync times, e.g. "shipper". */
  resource: string;
  pageSize: number;
  fetchPage: (filters: F, page: number, signal: AbortSignal) => Promise<ListAnswer<Row>>;
  writePage: (company: number, filters: F, page: number, answer: ListAnswer<Row>) => Promise<void>;
  /** Mirrored rows in the order of `ids`. */
  readRows: (ids: readonly number[]) => Promise<Row[]>;
  /** Filters and paging computed on the device over the company's mirrored rows. */
  readLocal: (company: number, filters: F, page: number) => Promise<LocalPage<Row>>;
  /**
   * Rows created on the device and not on the server yet (negative ids) that match the
   * filters: shown on top of the server's first page, so a line saved offline (or still being
   * sent) is listed at once.
   */
  readCreated?: (company: number, filters: F) => Promise<Row[]>;
  /**
   * Whether what the change feed brought may move this list's count or page members
   * (list-refresh.ts `pageMovedBy` with the list's filters and order). False: the rows changed
   * in place, the live query re-renders them from the mirror and the page is not fetched.
   * Absent: every change fetches the page.
   */
  movedBy?: (report: FeedReport, filters: F) => boolean;
}

export interface MirroredListOptions {
  /**
   * Refetch period while live events do not flow: REFRESH_INTERVAL (/config.json) by default,
   * 0 for never. While they flow, a change event refetches at once and this is at least 60 s.
   */
  reloadMs?: number;
  /** A failure that is not a network one (4xx), after it is logged. */
  onError?: (error: unknown) => void;
}

export interface MirroredList<Row> {
  rows: Row[];
  /** Total for the filters: the server's, or the local one while offline. */
  count: number;
  /** Nothing to show yet: the mirror has no answer and the request still runs. */
  isLoading: boolean;
  /** A request is running (the rows shown may be the cached ones). */
  isFetching: boolean;
  /** The last request got no answer: rows come from the mirror, computed locally. */
  isOffline: boolean;
  /** Last successful sync of this list (epoch ms), or null. */
  lastSync: number | null;
  /** Fetches the page now. */
  reload: () => Promise<void>;
}

interface View<Row> {
  rows: Row[];
  count: number;
  /** A page record or local rows exist, i.e. something real to show. */
  known: boolean;
  lastSync: number | null;
}

/**
 * A list page read through the mirror (ARCHITECTURE.md, offline engine). The screen renders a
 * live query: online, the cached page record shows at once and is replaced when the answer is
 * written; offline or on a network error, the same filters and paging run over the mirror.
 */
export function useMirroredList<Row, F extends object>(
  source: MirroredListSource<Row, F>,
  company: number | null,
  filters: F,
  page: number,
  { reloadMs = refreshIntervalMs(), onError }: MirroredListOptions = {},
): MirroredList<Row> {
  const key = useMemo(
    () => (company === null ? null : listPageKey(company, source.resource, filters, page)),
    [company, source.resource, filters, page],
  );
  const [isOffline, setOffline] = useState(false);
  const [fetchingKey, setFetchingKey] = useState<string | null>(null);
  // The latest inputs, read by the callbacks; only `key` decides when they run again.
  const latest = useRef({ source, filters, page, company, onError });
  latest.current = { source, filters, page, company, onError };
  const running = useRef<AbortController | null>(null);
  const lastLoad = useRef(0);

  const view = useMirrorQuery(async (): Promise<View<Row> | null> => {
    const { source: src, filters: f, page: p, company: c } = latest.current;
    if (c === null || key === null) return null;
    const lastSync = await readLastSync(c, src.resource);
    const record = isOffline ? undefined : await readListPage(key);
    if (record) {
      const created = p === 1 && src.readCreated ? await src.readCreated(c, f) : [];
      return {
        rows: [...created, ...(await src.readRows(record.ids))],
        count: record.count + created.length,
        known: true,
        lastSync,
      };
    }
    // No answer for this page yet (or offline): what the device can compute meanwhile.
    const local = await src.readLocal(c, f, p);
    return { ...local, known: isOffline || local.count > 0, lastSync };
  }, [key, isOffline]);

  const reload = useCallback(async () => {
    const { source: src, filters: f, page: p, company: c } = latest.current;
    if (c === null || key === null) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    lastLoad.current = Date.now();
    setFetchingKey(key);
    try {
      const answer = await fetchOrPastEnd(src, f, p, controller.signal);
      // A superseded answer is still true for its own page: keep it.
      await src.writePage(c, f, p, answer);
      if (!controller.signal.aborted) setOffline(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isTransient(error)) {
        setOffline(true);
      } else {
        console.error(`Loading the ${src.resource} list failed`, error);
        latest.current.onError?.(error);
      }
    } finally {
      if (running.current === controller) {
        running.current = null;
        setFetchingKey(null);
      }
    }
  }, [key]);

  useEffect(() => {
    void reload();
    const stopPolling =
      reloadMs > 0
        ? startPolling(
            reloadMs,
            () => lastLoad.current,
            () => void reload(),
          )
        : null;
    const handleOnline = () => void reload();
    window.addEventListener("online", handleOnline);
    // The feed brought changes (offline/live-sync.ts): fetch the page only when its order or
    // count may have moved; rows changed in place re-render from the mirror.
    const stopRefresh = onListRefresh((report) => {
      const { source: src, filters: f } = latest.current;
      if (report && src.movedBy && !src.movedBy(report, f)) return;
      void reload();
    });
    return () => {
      stopPolling?.();
      window.removeEventListener("online", handleOnline);
      stopRefresh();
      // Forget the request too, so its `finally` sets no state on an unmounted component.
      running.current?.abort();
      running.current = null;
    };
  }, [reload, reloadMs]);

  const isFetching = fetchingKey !== null && fetchingKey === key;
  return {
    rows: view?.rows ?? [],
    count: view?.count ?? 0,
    // Until the live query first answers, or while a request runs with nothing to show.
    isLoading: view === undefined || view === null || (isFetching && !view.known),
    isFetching,
    isOffline,
    lastSync: view?.lastSync ?? null,
    reload,
  };
}

/**
 * The page's answer. A page past the end (rows went away since the pager was drawn) answers
 * 404 as DRF does: then the list's count from page 1 with no rows, so the pager shows the pages
 * that exist and the screen its empty state rather than an error.
 */
async function fetchOrPastEnd<Row, F extends object>(
  source: MirroredListSource<Row, F>,
  filters: F,
  page: number,
  signal: AbortSignal,
): Promise<ListAnswer<Row>> {
  try {
    return await source.fetchPage(filters, page, signal);
  } catch (error) {
    if (page <= 1 || !(error instanceof ApiError) || error.status !== 404) throw error;
    const first = await source.fetchPage(filters, 1, signal);
    return { ...first, results: [] };
  }
}
