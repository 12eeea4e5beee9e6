import "fake-indexeddb/auto";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Shipper } from "../../shared/contract/trucks";
import { ApiError, NetworkError } from "../lib/errors";
import { uidOf } from "../test-rows";
import { db } from "./db";
import { setLiveFlowing } from "./live-state";
import type { ListAnswer } from "./page-rules";
import {
  readLocalTrucksPage,
  readTrucks,
  type TruckListFilters,
  writeTrucksPage,
} from "./trucks-mirror";
import { type MirroredListSource, useMirroredList } from "./use-mirrored-list";

const COMPANY = 3;
const PAGE = 2;

const truck = (id: number, name = `TRUCK ${id}`): Shipper => ({
  id,
  uid: uidOf(id),
  company: COMPANY,
  plate: `${id}BCD`,
  name,
  capacity_load: null,
  phone: null,
  country_code: null,
  register_date: new Date(Date.UTC(2024, 0, 1, id)).toISOString(),
  expedition_date: null,
  version: 1,
});

type Fetch = MirroredListSource<Shipper, TruckListFilters>["fetchPage"];

function sourceWith(fetchPage: Fetch): MirroredListSource<Shipper, TruckListFilters> {
  return {
    resource: "shipper",
    pageSize: PAGE,
    fetchPage,
    writePage: (company, filters, page, answer) =>
      writeTrucksPage(company, filters, page, PAGE, answer),
    readRows: readTrucks,
    readLocal: (company, filters, page) => readLocalTrucksPage(company, filters, page, PAGE),
  };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const NO_FILTERS: TruckListFilters = {};

beforeEach(async () => {
  await Promise.all([db.trucks.clear(), db.listPages.clear(), db.meta.clear()]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

afterAll(() => db.close());

describe("useMirroredList", () => {
  it("online: shows the server's page through the mirror", async () => {
    const answer: ListAnswer<Shipper> = { count: 3, results: [truck(3), truck(2)] };
    const fetchPage = vi.fn<Fetch>().mockResolvedValue(answer);
    const { result } = renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1, { reloadMs: 0 }),
    );
    await waitFor(() => expect(ids(result.current.rows)).toEqual([3, 2]));
    expect(result.current.count).toBe(3);
    expect(result.current.isOffline).toBe(false);
    expect(result.current.lastSync).not.toBeNull();
    expect(await db.trucks.count()).toBe(2);
    expect(fetchPage).toHaveBeenCalledWith(NO_FILTERS, 1, expect.any(AbortSignal));
  });

  it("shows the cached page at once, then the fresh one", async () => {
    await writeTrucksPage(COMPANY, NO_FILTERS, 1, PAGE, { count: 1, results: [truck(1)] });
    let answer: (value: ListAnswer<Shipper>) => void = () => {};
    const fetchPage = vi.fn<Fetch>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { result } = renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1, { reloadMs: 0 }),
    );
    await waitFor(() => expect(ids(result.current.rows)).toEqual([1]));
    expect(result.current.isFetching).toBe(true);
    expect(result.current.isLoading).toBe(false);
    await act(async () => answer({ count: 2, results: [truck(5), truck(1)] }));
    await waitFor(() => expect(ids(result.current.rows)).toEqual([5, 1]));
    expect(result.current.isFetching).toBe(false);
  });

  it("offline: filters and pages the mirror locally, with the last sync time", async () => {
    const at = Date.UTC(2024, 0, 2, 9, 15);
    await writeTrucksPage(
      COMPANY,
      NO_FILTERS,
      1,
      5,
      { count: 4, results: [truck(4, "RUIZ"), truck(3), truck(2, "RUIZ 2"), truck(1, "RUIZ 1")] },
      at,
    );
    const fetchPage = vi.fn<Fetch>().mockRejectedValue(new NetworkError());
    const filters = { name: "ruiz" };
    const { result, rerender } = renderHook(
      ({ page }) => useMirroredList(sourceWith(fetchPage), COMPANY, filters, page, { reloadMs: 0 }),
      { initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.isOffline).toBe(true));
    await waitFor(() => expect(ids(result.current.rows)).toEqual([4, 2]));
    expect(result.current.count).toBe(3);
    expect(result.current.lastSync).toBe(at);
    rerender({ page: 2 });
    await waitFor(() => expect(ids(result.current.rows)).toEqual([1]));
  });

  it("comes back online when a later request answers", async () => {
    const fetchPage = vi
      .fn<Fetch>()
      .mockRejectedValueOnce(new NetworkError())
      .mockResolvedValue({ count: 1, results: [truck(9)] });
    const { result } = renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1, { reloadMs: 0 }),
    );
    await waitFor(() => expect(result.current.isOffline).toBe(true));
    await act(() => result.current.reload());
    await waitFor(() => expect(result.current.isOffline).toBe(false));
    await waitFor(() => expect(ids(result.current.rows)).toEqual([9]));
  });

  it("a refused request is logged and reported, not taken for offline", async () => {
    const error = new ApiError(403, { code: "forbidden", message: "No" });
    const onError = vi.fn();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchPage = vi.fn<Fetch>().mockRejectedValue(error);
    const { result } = renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1, { reloadMs: 0, onError }),
    );
    await waitFor(() => expect(onError).toHaveBeenCalledWith(error));
    expect(log).toHaveBeenCalled();
    expect(result.current.isOffline).toBe(false);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    log.mockRestore();
  });

  it("a page gone past the end (DRF's 404) shows empty with the list's count, no error", async () => {
    const onError = vi.fn();
    const gone = new ApiError(404, { code: "not_found", message: "Invalid page." });
    const fetchPage = vi.fn<Fetch>(async (_filters, page) => {
      if (page > 1) throw gone;
      return { count: 1, results: [truck(1)] };
    });
    const { result } = renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 3, { reloadMs: 0, onError }),
    );
    await waitFor(() => expect(result.current.count).toBe(1));
    expect(result.current.rows).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
    expect(fetchPage).toHaveBeenCalledWith(NO_FILTERS, 1, expect.any(AbortSignal));
  });

  it("reloads on its period", async () => {
    // Only the period and the clock are faked: IndexedDB keeps its real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const fetchPage = vi.fn<Fetch>().mockResolvedValue({ count: 0, results: [] });
    renderHook(() =>
      useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1, { reloadMs: 60_000 }),
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it("reloads every REFRESH_INTERVAL (10 s by default) while live events do not flow", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const fetchPage = vi.fn<Fetch>().mockResolvedValue({ count: 0, results: [] });
    renderHook(() => useMirroredList(sourceWith(fetchPage), COMPANY, NO_FILTERS, 1));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    // With the stream open, a change event refetches: the period is only a 60 s safety net.
    setLiveFlowing(true);
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    setLiveFlowing(false);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
  });
});
