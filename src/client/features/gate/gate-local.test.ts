import { describe, expect, it } from "vitest";
import type { Shipment } from "../../../shared/contract/shipment";
import type { Shipper } from "../../../shared/contract/shipper";
import { isOnSite, matchingLines, truckByPlate } from "./gate-local";

const now = new Date(2026, 10, 24, 10, 0);
const at = (hours: number) => new Date(2026, 10, 24, hours, 0).toISOString();

function line(id: number, code: string, type: 1 | 2, booked: string): Shipment {
  return {
    id,
    type,
    code,
    booked_date: booked,
    client: { id: 1, description: "ACME" },
    warehouse: "W1",
    dock: "D3",
    shipper: null,
    arrival_date: null,
  } as unknown as Shipment;
}

function truck(id: number, plate: string, registered: string | null, left: string | null = null) {
  return { id, plate, name: `T${id}`, register_date: registered, expedition_date: left } as Shipper;
}

describe("matchingLines", () => {
  it("keeps today's lines of the type whose delivery note is the reference, any case", () => {
    const rows = [
      line(1, "REF-1", 1, at(14)),
      line(2, "ref-1", 1, at(8)),
      line(3, "REF-1", 2, at(9)),
      line(4, "REF-1", 1, new Date(2026, 10, 25, 8).toISOString()),
      line(5, "REF-10", 1, at(9)),
    ];
    const found = matchingLines(rows, " Ref-1 ", 1, now);
    expect(found.map((item) => item.id)).toEqual([2, 1]);
    expect(found[0]).toMatchObject({ warehouse: "W1", dock: "D3", truck: null });
  });
});

describe("truckByPlate", () => {
  it("finds by normalised plate, the most recently registered of several", () => {
    const trucks = [
      truck(1, "1234ABC", at(6)),
      truck(2, "1234ABC", at(9)),
      truck(3, "9999ZZZ", null),
    ];
    expect(truckByPlate(trucks, "1234-abc")?.id).toBe(2);
    expect(truckByPlate(trucks, "")).toBeUndefined();
    expect(truckByPlate(trucks, "0000AAA")).toBeUndefined();
  });
});

describe("isOnSite", () => {
  it("is arrived and not left since", () => {
    expect(isOnSite(truck(1, "A", at(8)))).toBe(true);
    expect(isOnSite(truck(1, "A", at(8), at(9)))).toBe(false);
    expect(isOnSite(truck(1, "A", at(10), at(9)))).toBe(true);
    expect(isOnSite(truck(1, "A", null))).toBe(false);
  });
});
