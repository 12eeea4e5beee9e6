import "fake-indexeddb/auto";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { SHIPMENT_TYPE } from "../../shared/constants";
import type { Shipment } from "../../shared/contract/shipments";
import { expeditionRow } from "../test-rows";
import { db } from "./db";
import {
  emptyFeedReport,
  type FeedReport,
  pageMovedBy,
  type RowChange,
  requestListRefresh,
} from "./list-refresh";
import { compareShipments, shipmentMatcher } from "./shipments-mirror";
import { shipmentsSourceFor } from "./shipments-source";
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

const READY = { id: 10, description: "ready", color: "" };
/** Line 1 is booked on 2024-05-10 (test-rows). */
const DAY = { booked_date_after: "2024-05-10", booked_date_before: "2024-05-10" };
const line = expeditionRow(1);
const changed = (after: Partial<Shipment> | null, before: Shipment | null = line) =>
  ({
    id: line.id,
    ...(before ? { before } : {}),
    ...(after ? { after: { ...line, version: 2, ...after } } : {}),
  }) as RowChange<Shipment>;
const report = (...shipments: RowChange<Shipment>[]): FeedReport => ({
  ...emptyFeedReport(),
  shipments,
});

describe("pageMovedBy (the expeditions list's filters and order)", () => {
  const moved = (change: RowChange<Shipment>, filters: object = DAY) =>
    pageMovedBy(
      [change],
      shipmentMatcher({ type: SHIPMENT_TYPE.expedition, companyCode: null }, filters),
      compareShipments,
    );

  it("a status change in place moves nothing; one the filters see does", () => {
    expect(moved(changed({ status: READY }))).toBe(false);
    expect(moved(changed({ status: READY }), { ...DAY, status: [998] })).toBe(true);
    expect(moved(changed({ status: READY }), { ...DAY, status: [998, 10] })).toBe(false);
  });

  it("a line moved in the order, out of the filters, deleted or new to the device moves the page", () => {
    const later = new Date(Date.parse(line.booked_date) + 60_000).toISOString();
    expect(moved(changed({ booked_date: later }))).toBe(true);
    expect(moved(changed({ booked_date: "2024-06-01T08:00:00.000Z" }))).toBe(true);
    expect(moved(changed(null))).toBe(true);
    expect(moved(changed({ status: READY }, null))).toBe(true);
    // Outside the filters before and after: nothing of this list moved.
    expect(moved(changed({ status: READY }), { booked_date_after: "2024-06-01" })).toBe(false);
  });
});

describe("a list told what the feed changed", () => {
  it("does not fetch its page for an in-place status change; does for a count change or an unknown one", async () => {
    const fetchPage = vi.fn<Source["fetchPage"]>().mockResolvedValue({ count: 0, results: [] });
    // The expeditions list's own judgement (shipments-source.ts) over a page that fetches here.
    const real = shipmentsSourceFor(SHIPMENT_TYPE.expedition, null, 10);
    const list: MirroredListSource<Row, typeof DAY> = {
      ...source(fetchPage),
      movedBy: real.movedBy,
    };
    renderHook(() => useMirroredList(list, 3, DAY, 1, { reloadMs: 0 }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    requestListRefresh(report(changed({ status: READY })));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    requestListRefresh(report(changed({ booked_date: "2024-06-01T08:00:00.000Z" })));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    requestListRefresh(null);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    // A truck's change: lines show their truck as the server joined it.
    requestListRefresh({ ...emptyFeedReport(), shippers: [{ id: 5 }] });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(4));
  });
});
