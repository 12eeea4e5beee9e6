import { Settings } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import type { Shipment } from "../../../shared/contract/shipments";
import type { Shipper } from "../../../shared/contract/trucks";
import { isOnSite, matchingLines, offerTrucks, todaySpan, truckByPlate } from "./check-in-local";

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

describe("the yard's today, not the device's", () => {
  const deviceZone = Settings.defaultZone;
  afterEach(() => {
    Settings.defaultZone = deviceZone;
  });
  const yard = "America/Mexico_City"; // UTC-6 in November
  // Booked 08:00 on the 24th at the yard (23:00 on the 24th in Tokyo).
  const yardsDay = line(1, "EDGE", 1, "2026-11-24T14:00:00Z");
  // Booked 04:00 on the 25th at the yard (13:00 on the 25th in Tokyo).
  const nextDay = line(2, "EDGE", 1, "2026-11-25T10:00:00Z");

  it("takes the yard's day at the edge where the device's zone is already on the next one", () => {
    Settings.defaultZone = "Asia/Tokyo"; // the terminal's device clock, 15 hours ahead
    const lastMinute = new Date("2026-11-25T05:59:00Z"); // 23:59 at the yard, 14:59 in Tokyo
    const ids = (now: Date, zone?: string) =>
      matchingLines([yardsDay, nextDay], "edge", 1, now, zone).map((item) => item.id);
    expect(ids(lastMinute, yard)).toEqual([1]);
    // The device's own day would have offered the next day's line instead.
    expect(ids(lastMinute)).toEqual([2]);
    // One minute later the yard's day turns: midnight at the yard.
    expect(ids(new Date("2026-11-25T06:00:00Z"), yard)).toEqual([2]);
    expect(todaySpan(lastMinute, yard)).toEqual({
      from: Date.parse("2026-11-24T06:00:00Z"),
      until: Date.parse("2026-11-25T06:00:00Z"),
    });
  });

  it("falls back to the device's day when the yard's zone is unknown or not a zone", () => {
    Settings.defaultZone = "UTC";
    const now = new Date("2026-11-25T05:59:00Z");
    const utcDay = {
      from: Date.parse("2026-11-25T00:00:00Z"),
      until: Date.parse("2026-11-26T00:00:00Z"),
    };
    expect(todaySpan(now)).toEqual(utcDay);
    expect(todaySpan(now, "Not/AZone")).toEqual(utcDay);
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

describe("offerTrucks", () => {
  it("offers one truck per plate, the latest registered, containing the text, newest first", () => {
    const trucks = [
      truck(1, "1234ABC", at(6)),
      truck(2, "1234ABC", at(9)),
      truck(3, "5678ABD", at(8)),
      truck(4, "9999ZZZ", null),
      truck(5, "0001ABX", at(7)),
    ];
    expect(offerTrucks(trucks, "", 10).map((item) => item.id)).toEqual([2, 3, 5, 4]);
    expect(offerTrucks(trucks, "ab", 10).map((item) => item.id)).toEqual([2, 3, 5]);
    expect(offerTrucks(trucks, "34-a", 10).map((item) => item.id)).toEqual([2]);
    expect(offerTrucks(trucks, "", 2).map((item) => item.id)).toEqual([2, 3]);
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
