import { describe, expect, it } from "vitest";
import type { Changes } from "../../../shared/contract/changes";
import type { LiveSlice } from "../changes/live-slice";
import type { ChangeEntry } from "../changes/repository";
import type { ChangeNotice, ChangeSubscriber } from "./change-notice";
import { createLiveRows } from "./live-rows";

const until = async (test: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

const entry = (id: number, xid: bigint): ChangeEntry => ({
  entity: "shipment",
  id,
  xid,
  deleted: false,
  type: 1,
  clientId: null,
});

const notice = (id: number, xid: number, company = 1): ChangeNotice => ({
  company,
  entity: "shipment",
  ids: [id],
  types: [1],
  xid: String(xid),
});

/** A database whose bound follows `bounds` (the last one stays) and whose log holds `log`. */
function fake(bounds: bigint[], log: ChangeEntry[], maxRows = 50) {
  const reads: [number, bigint, bigint][] = [];
  const rows = createLiveRows({
    bound: async () => (bounds.length > 1 ? (bounds.shift() as bigint) : (bounds[0] as bigint)),
    read: async (company, since, below) => {
      reads.push([company, since, below]);
      const entries = log.filter((each) => each.xid >= since && each.xid < below);
      if (entries.length > maxRows) return "many";
      return { since, below, entries, answer: {} as Changes };
    },
    warn: () => undefined,
    retryMs: 1,
    giveUpMs: 200,
  });
  return { rows, reads };
}

function listener(company = 1) {
  const slices: LiveSlice[] = [];
  const notices: ChangeNotice[] = [];
  const subscriber: ChangeSubscriber = {
    company,
    slice: (slice) => slices.push(slice),
    notice: (each) => notices.push(each),
    gap: () => undefined,
    close: () => undefined,
  };
  return { subscriber, slices, notices };
}

describe("createLiveRows", () => {
  it("reads a company's changes once for all its streams, in a chain of slices", async () => {
    const log = [entry(10, 105n), entry(11, 108n)];
    // Each company's chain starts at the bound when its first stream opens.
    const { rows, reads } = fake([100n, 100n, 106n, 110n], log);
    const [a, b, other] = [listener(), listener(), listener(2)];
    rows.subscribe(a.subscriber);
    rows.subscribe(b.subscriber);
    rows.subscribe(other.subscriber);
    rows.notice(notice(10, 105));
    await until(() => a.slices.length === 1);
    rows.notice(notice(11, 108));
    await until(() => a.slices.length === 2);
    expect(a.slices.map((each) => [each.since, each.below])).toEqual([
      [100n, 106n],
      [106n, 110n],
    ]);
    expect(b.slices).toEqual(a.slices);
    // One read per slice, whatever the number of streams; nothing to another company.
    expect(reads.filter(([company]) => company === 1)).toHaveLength(2);
    expect(other.slices).toEqual([]);
    expect([...a.notices, ...other.notices]).toEqual([]);
  });

  it("waits for the feed's bound to pass the notice's transaction", async () => {
    const { rows } = fake([100n, 104n, 104n, 121n], [entry(10, 120n)]);
    const a = listener();
    rows.subscribe(a.subscriber);
    rows.notice(notice(10, 120));
    await until(() => a.slices.length === 1);
    expect(a.slices[0]?.entries.map((each) => each.id)).toEqual([10]);
    expect(a.slices[0]?.below).toBe(121n);
    expect(a.notices).toEqual([]);
  });

  it("tells by ids what a slice cannot carry: too many rows, a row it did not list, a bound that never passes", async () => {
    const many = fake([100n, 110n], [entry(1, 101n), entry(2, 102n), entry(3, 103n)], 2);
    const a = listener();
    many.rows.subscribe(a.subscriber);
    many.rows.notice(notice(1, 103));
    await until(() => a.notices.length === 1);
    expect(a.slices).toEqual([]);

    // A line outside the working window is not in the feed: its notice goes by ids.
    const outside = fake([100n, 110n], [entry(5, 104n)]);
    const b = listener();
    outside.rows.subscribe(b.subscriber);
    outside.rows.notice(notice(6, 104));
    await until(() => b.notices.length === 1);
    expect(b.notices[0]?.ids).toEqual([6]);

    const stuck = fake([100n, 101n], [entry(7, 150n)]);
    const c = listener();
    stuck.rows.subscribe(c.subscriber);
    stuck.rows.notice(notice(7, 150));
    await until(() => c.notices.length === 1);
    expect(c.slices).toEqual([]);
  });

  it("drops a company's chain with its last stream", async () => {
    const { rows, reads } = fake([100n, 110n], [entry(10, 105n)]);
    const a = listener();
    const stop = rows.subscribe(a.subscriber);
    expect(rows.size()).toBe(1);
    stop();
    expect(rows.size()).toBe(0);
    rows.notice(notice(10, 105));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([]);
  });
});
