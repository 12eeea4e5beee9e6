import "fake-indexeddb/auto";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db } from "./db";
import { requestListRefresh } from "./list-refresh";
import { type MirroredListSource, useMirroredList } from "./use-mirrored-list";

interface Row {
  id: number;
}

type Source = MirroredListSource<Row, object>;

function source(fetchPage: Source["fetchPage"]): Source {
  return {
    resource: "test-rows",
    pageSize: 10,
    fetchPage,
    writePage: async () => undefined,
    readRows: async () => [],
    readLocal: async () => ({ count: 0, rows: [] }),
  };
}

const NO_FILTERS = {};

afterEach(() => cleanup());
afterAll(() => db.close());

describe("requestListRefresh", () => {
  it("makes every open list fetch its page again, and none once unmounted", async () => {
    const fetchPage = vi.fn<Source["fetchPage"]>().mockResolvedValue({ count: 0, results: [] });
    const list = source(fetchPage);
    const { unmount } = renderHook(() => useMirroredList(list, 3, NO_FILTERS, 1, { reloadMs: 0 }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    requestListRefresh();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    unmount();
    requestListRefresh();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
