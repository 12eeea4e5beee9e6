import { renderHook } from "@testing-library/react";
import { DateTime } from "luxon";
import { describe, expect, it, vi } from "vitest";
import type { DateRange } from "../../../shared/date-filters";
import {
  dateFilterKey,
  readDateFilter,
  saveDateFilter,
  useStoredDateFilter,
} from "./stored-date-filter";

const MONDAY = DateTime.fromISO("2026-03-02T09:00");
const TUESDAY = DateTime.fromISO("2026-03-03T09:00");

describe("the stored date filter (bw, spec section 4)", () => {
  it("keeps a quick filter by name: today is today again the next day", () => {
    saveDateFilter("4:expeditions", { after: "2026-03-02", before: "2026-03-02" }, MONDAY);
    expect(JSON.parse(localStorage.getItem(dateFilterKey("4:expeditions")) ?? "")).toEqual({
      quick: "today",
    });
    expect(readDateFilter("4:expeditions", TUESDAY)).toEqual({
      after: "2026-03-03",
      before: "2026-03-03",
    });
  });

  it("keeps dates picked by hand as dates, and forgets a cleared filter", () => {
    saveDateFilter("4:receptions", { after: "2026-01-10" }, MONDAY);
    expect(readDateFilter("4:receptions", TUESDAY)).toEqual({ after: "2026-01-10" });
    saveDateFilter("4:receptions", {}, MONDAY);
    expect(readDateFilter("4:receptions")).toBeNull();
    expect(localStorage.getItem(dateFilterKey("4:receptions"))).toBeNull();
  });

  it("ignores what it cannot read", () => {
    for (const junk of ["{", '"today"', '{"quick":"someday"}', '{"after":"10/01/2026"}']) {
      localStorage.setItem(dateFilterKey("x"), junk);
      expect(readDateFilter("x")).toBeNull();
    }
  });

  it("restores the saved filter when the list opens without dates, then follows changes", () => {
    saveDateFilter("4:expeditions", { after: "2026-01-10", before: "2026-01-12" });
    const apply = vi.fn();
    const { rerender } = renderHook(
      ({ range }: { range: DateRange }) => useStoredDateFilter(true, "4:expeditions", range, apply),
      { initialProps: { range: {} } },
    );
    expect(apply).toHaveBeenCalledWith({ after: "2026-01-10", before: "2026-01-12" });
    rerender({ range: { after: "2026-01-10", before: "2026-01-12" } });
    rerender({ range: { after: "2026-02-01" } });
    expect(readDateFilter("4:expeditions")).toEqual({ after: "2026-02-01" });
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("leaves dates in the URL alone, and does nothing when not enabled (other companies)", () => {
    saveDateFilter("4:expeditions", { after: "2026-01-10" });
    const apply = vi.fn();
    renderHook(() => useStoredDateFilter(true, "4:expeditions", { after: "2026-05-05" }, apply));
    expect(apply).not.toHaveBeenCalled();
    expect(readDateFilter("4:expeditions")).toEqual({ after: "2026-05-05" });

    saveDateFilter("1:expeditions", { after: "2026-01-10" });
    renderHook(() => useStoredDateFilter(false, "1:expeditions", {}, apply));
    expect(apply).not.toHaveBeenCalled();
    expect(readDateFilter("1:expeditions")).toEqual({ after: "2026-01-10" });
  });
});
