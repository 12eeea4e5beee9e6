import { describe, expect, it } from "vitest";
import type { DaySlots } from "../../../shared/contract/scheduling";
import type { Shipment } from "../../../shared/contract/shipments";
import { boardSlots } from "./slot-grouping";

const line = (id: number, type: 1 | 2, booked: string) =>
  ({ id, type, booked_date: booked }) as unknown as Shipment;

function day(capacity: number | null, restricted = false): DaySlots {
  return {
    date: "2026-12-01",
    restricted,
    time_zone: "Europe/Madrid",
    slots: Array.from({ length: 16 }, (_, i) => ({
      start: "",
      hour: 6 + i,
      booked: 0,
      capacity,
      open: !restricted && 6 + i >= 8,
    })),
  };
}

describe("the day board's slots", () => {
  it("places lines by their hour on the yard's clock, earliest first, both types together", () => {
    const slots = boardSlots(
      [
        line(3, 2, "2026-12-01T08:50:00Z"), // 09:50 Madrid
        line(1, 1, "2026-12-01T08:05:00Z"), // 09:05 Madrid
        line(2, 2, "2026-12-01T07:30:00Z"), // 08:30 Madrid
      ],
      "Europe/Madrid",
      day(4),
      day(2),
    );
    expect(slots).toHaveLength(16);
    expect(slots.find((slot) => slot.hour === 9)?.lines.map((l) => l.id)).toEqual([1, 3]);
    expect(slots.find((slot) => slot.hour === 8)?.lines.map((l) => l.id)).toEqual([2]);
  });

  it("counts the room each operation has left; a full hour has 0 free", () => {
    const slots = boardSlots(
      [line(1, 2, "2026-12-01T10:00:00Z"), line(2, 2, "2026-12-01T10:20:00Z")],
      "UTC",
      day(null),
      day(2),
    );
    const ten = slots.find((slot) => slot.hour === 10);
    expect(ten?.unload).toEqual({ booked: 2, capacity: 2, free: 0, over: 0 });
    expect(ten?.load).toEqual({ booked: 0, capacity: null, free: null, over: 0 });
    expect(slots.find((slot) => slot.hour === 6)?.open).toBe(false);
    expect(ten?.open).toBe(true);
  });

  it("shows an hour overbooked by a lockdowns holder as lines over the capacity", () => {
    const slots = boardSlots(
      [1, 2, 3].map((id) => line(id, 2, `2026-12-01T10:${10 + id}:00Z`)),
      "UTC",
      day(null),
      day(2),
    );
    expect(slots.find((slot) => slot.hour === 10)?.unload).toEqual({
      booked: 3,
      capacity: 2,
      free: 0,
      over: 1,
    });
  });

  it("without capacity figures (never fetched) shows only the counts; early and late lines join the ends", () => {
    const slots = boardSlots(
      [line(1, 1, "2026-12-01T04:00:00Z"), line(2, 1, "2026-12-01T23:00:00Z")],
      "UTC",
      undefined,
      undefined,
    );
    expect(slots[0]?.lines.map((l) => l.id)).toEqual([1]);
    expect(slots.at(-1)?.lines.map((l) => l.id)).toEqual([2]);
    expect(slots[0]?.load).toEqual({ booked: 1, capacity: undefined, free: undefined, over: 0 });
    expect(slots.every((slot) => slot.open)).toBe(true);
  });

  it("a restricted date closes every hour", () => {
    const slots = boardSlots([], "UTC", day(4, true), day(4, true));
    expect(slots.some((slot) => slot.open)).toBe(false);
  });
});
