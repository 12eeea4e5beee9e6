import { describe, expect, it } from "vitest";
import { writeValuesOf } from "../../shared/contract/shipments-write";
import { expeditionRow } from "../test-rows";
import { mergeFields } from "./field-merge";

const base = {
  client_notes: "call before",
  company_notes: "",
  packages: 4,
  shipper: 7,
  booked_date: "2026-11-23T08:00:00Z",
  action_date: null,
  urgent: false,
};

describe("mergeFields", () => {
  it("disjoint fields merge: mine are re-sent, theirs are kept (never sent)", () => {
    const theirs = { ...base, company_notes: "dock 3", urgent: true };
    const merge = mergeFields(base, { client_notes: "call at gate", packages: 6 }, theirs);
    expect(merge).toEqual({
      resend: { client_notes: "call at gate", packages: 6 },
      conflicts: [],
      unchanged: [],
    });
  });

  it("the same field changed on both sides to different values is a conflict", () => {
    const theirs = { ...base, packages: 9, urgent: true };
    const merge = mergeFields(base, { packages: 6, client_notes: "x" }, theirs);
    expect(merge.conflicts).toEqual([{ field: "packages", base: 4, mine: 6, theirs: 9 }]);
    expect(merge.resend).toEqual({ client_notes: "x" });
  });

  it("an equal concurrent change is nothing to send", () => {
    const theirs = { ...base, packages: 6 };
    expect(mergeFields(base, { packages: 6 }, theirs)).toEqual({
      resend: {},
      conflicts: [],
      unchanged: ["packages"],
    });
  });

  it("dates compare as instants, whatever the offset", () => {
    const theirs = { ...base, booked_date: "2026-11-23T09:00:00+01:00" };
    expect(mergeFields(base, { booked_date: "2026-11-23T10:00:00Z" }, theirs).resend).toEqual({
      booked_date: "2026-11-23T10:00:00Z",
    });
    const moved = { ...base, booked_date: "2026-11-23T11:00:00+01:00" };
    expect(mergeFields(base, { booked_date: "2026-11-23T10:00:00Z" }, moved).unchanged).toEqual([
      "booked_date",
    ]);
  });

  it("clearing a field is a change: mine cleared is re-sent, or conflicts with their edit", () => {
    expect(mergeFields(base, { shipper: null, client_notes: "" }, base).resend).toEqual({
      shipper: null,
      client_notes: "",
    });
    const theirs = { ...base, shipper: 8 };
    expect(mergeFields(base, { shipper: null }, theirs).conflicts).toEqual([
      { field: "shipper", base: 7, mine: null, theirs: 8 },
    ]);
  });

  it("their clearing of a field I changed is a conflict; both clearing it is not", () => {
    const theirs = { ...base, client_notes: "", shipper: null };
    const merge = mergeFields(base, { client_notes: "gate 2", shipper: null }, theirs);
    expect(merge.conflicts).toEqual([
      { field: "client_notes", base: "call before", mine: "gate 2", theirs: "" },
    ]);
    expect(merge.unchanged).toEqual(["shipper"]);
  });

  it("a date set where there was none, and an absent value counting as null", () => {
    const merge = mergeFields({}, { action_date: "2026-11-23T12:00:00Z" }, { action_date: null });
    expect(merge.resend).toEqual({ action_date: "2026-11-23T12:00:00Z" });
  });

  it("works over a line's write values (writeValuesOf)", () => {
    const row = expeditionRow(1, { version: 5 });
    const theirs = writeValuesOf({ ...row, company_notes: "moved", packages: 3 });
    const merge = mergeFields(
      writeValuesOf(row),
      { client_notes: "mine", packages: 12 },
      theirs as Record<string, unknown>,
    );
    expect(merge.resend).toEqual({ client_notes: "mine" });
    expect(merge.conflicts.map((conflict) => conflict.field)).toEqual(["packages"]);
  });
});
