import { describe, expect, it } from "vitest";
import { STATUSES, statusById } from "./contract/status";
import { hiddenStatusIds, hidesIssued, statusesFor } from "./status-rules";

const expeditions = STATUSES.filter((status) => status.type === 1);
const receptions = STATUSES.filter((status) => status.type === 2);
const ids = (list: readonly { id: number }[]) => list.map((status) => status.id);

describe("statusesFor", () => {
  it("gives other companies every status of the type but bw's in the default order", () => {
    expect(ids(statusesFor(expeditions, { companyCode: null }))).toEqual([
      998, 10, 1, 3, 2, 4, 11, 7,
    ]);
    expect(ids(statusesFor(receptions, { companyCode: null }))).toEqual([999, 5, 6, 8, 12, 9]);
  });

  it("orders by `ordering` whatever the input order, and keeps the input intact", () => {
    const shuffled = [...expeditions].reverse();
    const copy = [...shuffled];
    expect(ids(statusesFor(shuffled, { companyCode: null }))).toEqual(
      ids(expeditions).filter((id) => id !== 13),
    );
    expect(shuffled).toEqual(copy);
  });

  it("hides 3 (issued) for kl unless show issued is chosen", () => {
    expect(ids(statusesFor(expeditions, { companyCode: "kl" }))).toEqual([998, 10, 1, 2, 4, 11, 7]);
    expect(ids(statusesFor(expeditions, { companyCode: "kl", showIssued: false }))).not.toContain(
      3,
    );
    expect(ids(statusesFor(expeditions, { companyCode: "kl", showIssued: true }))).toEqual([
      998, 10, 1, 3, 2, 4, 11, 7,
    ]);
    expect(ids(statusesFor(receptions, { companyCode: "kl" }))).toEqual(ids(receptions));
  });

  it("drops 11 and 4 for bw and orders 998, 10, 1, 3, 2 first, the rest after", () => {
    expect(ids(statusesFor(expeditions, { companyCode: "bw" }))).toEqual([998, 10, 1, 3, 2, 7, 13]);
    const scrambled = [2, 7, 3, 11, 1, 4, 10, 998].map((id) => ({ id, ordering: 0 }));
    expect(ids(statusesFor(scrambled, { companyCode: "bw" }))).toEqual([998, 10, 1, 3, 2, 7]);
    // show_issued means nothing to bw.
    expect(ids(statusesFor(expeditions, { companyCode: "bw", showIssued: true }))).toEqual([
      998, 10, 1, 3, 2, 7, 13,
    ]);
    expect(ids(statusesFor(receptions, { companyCode: "bw" }))).toEqual(ids(receptions));
  });

  it("keeps the items themselves (labels and colours travel with them)", () => {
    const [first] = statusesFor(expeditions, { companyCode: "bw" });
    expect(first).toBe(expeditions[0]);
  });
});

describe("hidesIssued and hiddenStatusIds", () => {
  it("tell the lists and pickers what to leave out", () => {
    expect(hidesIssued({ companyCode: "kl" })).toBe(true);
    expect(hidesIssued({ companyCode: "kl", showIssued: true })).toBe(false);
    expect(hidesIssued({ companyCode: "bw" })).toBe(false);
    expect(hidesIssued({ companyCode: null })).toBe(false);
    expect(hiddenStatusIds({ companyCode: "kl" })).toEqual([3, 13]);
    expect(hiddenStatusIds({ companyCode: "kl", showIssued: true })).toEqual([13]);
    expect(hiddenStatusIds({ companyCode: "bw" }).sort()).toEqual([11, 4].sort());
    expect(hiddenStatusIds({ companyCode: null })).toEqual([13]);
  });

  it("status 7 is delay; attention_req (13) is bw's alone", () => {
    expect(statusById(7)?.description).toBe("delay");
    expect(statusById(12)?.description).toBe("delay");
    expect(statusById(13)?.description).toBe("attention_req");
    expect(ids(statusesFor(expeditions, { companyCode: "kl", showIssued: true }))).not.toContain(
      13,
    );
  });
});
