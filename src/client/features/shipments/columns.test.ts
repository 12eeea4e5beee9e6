import { describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import {
  COLUMN_LABELS,
  cardLayout,
  EXPEDITION_LAYOUTS,
  kioskWidths,
  type LayoutInput,
  layoutFor,
} from "./columns";

const base: LayoutInput = {
  type: SHIPMENT_TYPE.expedition,
  isTrw: false,
  companyCode: "acme",
  userType: "default",
  isForkLift: false,
  isKiosk: false,
};

describe("layoutFor", () => {
  it("default expedition layout", () => {
    expect(layoutFor(base)).toEqual(EXPEDITION_LAYOUTS.default);
    expect(layoutFor(base).at(-1)).toBe("actions");
  });

  it("mex layout for user type mexico", () => {
    expect(layoutFor({ ...base, userType: "mexico" })).toEqual(EXPEDITION_LAYOUTS.mex);
  });

  it("forkLift layout wins over mex", () => {
    expect(layoutFor({ ...base, userType: "mexico", isForkLift: true })).toEqual(
      EXPEDITION_LAYOUTS.forkLift,
    );
  });

  it("kiosk layout has no actions column and wins over the others", () => {
    const columns = layoutFor({ ...base, isKiosk: true, isForkLift: true });
    expect(columns).toEqual(EXPEDITION_LAYOUTS.kiosk);
    expect(columns).not.toContain("actions");
  });

  it("bw has no reason column", () => {
    const columns = layoutFor({ ...base, companyCode: "bw" });
    expect(columns).not.toContain("reason");
    expect(columns).toContain("status");
    expect(layoutFor({ ...base, companyCode: "bw", userType: "mexico" })).not.toContain("reason");
  });

  it("trw expeditions add route plate, shared id, info shipper, pallet notes, virtual truck", () => {
    const columns = layoutFor({ ...base, isTrw: true });
    for (const id of ["route_plate", "shared_id", "info_shipper", "pallet_notes", "virtual_truck"])
      expect(columns).toContain(id);
    expect(columns.indexOf("route_plate")).toBe(columns.indexOf("delivery_note") + 1);
    expect(columns.indexOf("pallet_notes")).toBe(columns.indexOf("packages") + 1);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it("receptions: discharge, origin, urgent; no loading, destination, route plate, pallet notes", () => {
    const columns = layoutFor({ ...base, type: SHIPMENT_TYPE.reception, isTrw: true });
    expect(columns[0]).toBe("urgent");
    expect(columns).toContain("discharge_date");
    expect(columns).toContain("discharge_time");
    expect(columns).toContain("origin");
    expect(columns).toContain("shared_id");
    for (const id of ["loading_date", "loading_time", "destination", "route_plate", "pallet_notes"])
      expect(columns).not.toContain(id);
  });

  it("reception default keeps the expedition order otherwise", () => {
    const columns = layoutFor({ ...base, type: SHIPMENT_TYPE.reception });
    expect(columns).toEqual([
      "urgent",
      ...EXPEDITION_LAYOUTS.default.map((id) =>
        id === "loading_date"
          ? "discharge_date"
          : id === "loading_time"
            ? "discharge_time"
            : id === "destination"
              ? "origin"
              : id,
      ),
    ]);
  });

  it("kiosk walls leave out dates and the trw extras (they must fit the screen)", () => {
    for (const type of [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception]) {
      const columns = layoutFor({ ...base, type, isTrw: true, isKiosk: true });
      expect(columns).not.toContain("route_plate");
      expect(columns).not.toContain("booked_date");
      expect(columns.length).toBeLessThanOrEqual(9);
    }
  });

  it("kiosk wall widths share the whole screen, the text columns widest", () => {
    for (const type of [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception]) {
      const columns = layoutFor({ ...base, type, isKiosk: true });
      const widths = kioskWidths(columns);
      const total = [...widths.values()].reduce((sum, width) => sum + width, 0);
      expect(total).toBeCloseTo(100, 6);
      expect(widths.get("reason")).toBeGreaterThan(widths.get("road") ?? 0);
    }
  });

  it("gives the wall's status column the width measured for its names, from the cut columns", () => {
    const columns = layoutFor({ ...base, isKiosk: true });
    const even = kioskWidths(columns);
    const widths = kioskWidths(columns, 25);
    const total = [...widths.values()].reduce((sum, width) => sum + width, 0);
    expect(total).toBeCloseTo(100, 6);
    expect(widths.get("status")).toBeCloseTo(25, 6);
    // Delivery note, time, bay and truck keep their width; names and reason give way.
    for (const id of ["delivery_note", "booked_time", "road", "truck"] as const) {
      expect(widths.get(id)).toBeCloseTo(even.get(id) ?? 0, 6);
    }
    for (const id of ["client", "destination", "reason"] as const) {
      expect(widths.get(id)).toBeLessThan(even.get(id) ?? 0);
    }
    // Narrower than the share, or not measured yet: the shares.
    expect([...kioskWidths(columns, 5).entries()]).toEqual([...even.entries()]);
    expect([...kioskWidths(columns, null).entries()]).toEqual([...even.entries()]);
  });

  it("every column has a label", () => {
    const all = new Set([
      ...Object.values(EXPEDITION_LAYOUTS).flat(),
      ...layoutFor({ ...base, isTrw: true }),
      ...layoutFor({ ...base, type: SHIPMENT_TYPE.reception }),
    ]);
    for (const id of all) expect(COLUMN_LABELS[id]).toBeDefined();
  });
});

describe("cardLayout", () => {
  it("keeps every column of the layout once: facts, controls, details, actions", () => {
    const columns = layoutFor({ ...base, type: SHIPMENT_TYPE.reception, isForkLift: true });
    const card = cardLayout(columns);
    expect(card.facts).toEqual(["client", "road", "booked_time", "truck"]);
    expect(card.controls).toEqual(["status", "reason"]);
    expect(card.hasActions).toBe(true);
    expect(card.hasUrgent).toBe(true);
    const shown = [...card.facts, ...card.controls, ...card.details, "delivery_note", "urgent"];
    expect(new Set([...shown, "actions"])).toEqual(new Set(columns));
    expect(card.details).toEqual([
      "booked_date",
      "discharge_date",
      "discharge_time",
      "packages",
      "arrival_date",
      "arrival_time",
      "c_notes",
      "k_notes",
      "origin",
    ]);
  });

  it("bw cards have no reason control", () => {
    expect(cardLayout(layoutFor({ ...base, companyCode: "bw" })).controls).toEqual(["status"]);
  });
});
